/**
 * rousseau keeps OAuth tokens, WhatsApp JIDs (phone numbers), Claude session ids and recall
 * text beside its sessions, and a phone number in each cron job's `deliver_to`. Through the
 * real server, native and seed tools alike, no answer, error or stderr line ever holds a
 * decoy planted there, whatever is asked. On the way every session is read whole, page by
 * page, and the planted words are searched: shown words are found (one deep in a
 * 100,000-character session), words only in JSON, tool blocks or image data are not, and
 * no time reads as year 1.
 */
import { assert, assertEquals } from "../helpers/assert.ts";
import {
  buildRousseauFixture,
  PLANTED,
  ROUSSEAU_DECOY_SECRETS,
  sessionId,
} from "../helpers/rousseau_fixture.ts";
import { type Message, startServer } from "../helpers/server_process.ts";

function searchTerms(): string[] {
  const around = [
    "oauth",
    "oauth_tokens",
    "ciphertext",
    "google",
    "jid",
    "whatsapp",
    "s.whatsapp.net",
    "deliver_to",
    "claude",
    "recall",
    "embedding",
    "decoy",
    "*",
  ];
  const fromDecoys = ROUSSEAU_DECOY_SECRETS.flatMap((s) => [s, `"${s}"`, `${s.slice(0, 6)}*`]);
  return [...new Set([...fromDecoys, ...around])];
}

Deno.test("rousseau privacy: no answer, error or log line holds a decoy; every session reads whole", async () => {
  const fixture = buildRousseauFixture();
  const server = startServer(["--source", fixture.path, "--tools", "rousseau"]);
  const seen: string[] = [];
  const record = (what: string, answer: Message) => {
    const text = JSON.stringify(answer);
    seen.push(text);
    for (const secret of ROUSSEAU_DECOY_SECRETS) {
      assert(!text.includes(secret), `${what} holds ${secret}`);
    }
    assert(!/"0001-01-01|year 1|0001-01-01T/.test(text), `${what} shows Go's zero time`);
    return answer;
  };
  const tool = async (name: string, args: unknown) =>
    record(`${name} ${JSON.stringify(args)}`, await server.callTool(name, args));
  try {
    await server.initialize();
    record("tools/list", await server.request("tools/list", {}));
    const sources = await tool("list_sources", {});
    assert(
      sources["structuredContent"].sources[0].notes.some((n: string) => n.includes("updated")),
    );
    const ids: string[] = [];
    for (let cursor: string | null = null;;) {
      const page: Message = await tool("list_transcripts", {
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      ids.push(...page["structuredContent"].transcripts.map((item: Message) => item.id));
      cursor = page["structuredContent"].nextCursor ?? null;
      if (cursor === null) break;
    }
    assertEquals(ids, [2, 3, 1, 4, 5].map((n) => `rousseau:${sessionId(n)}`));
    for (const id of ids) {
      let text = "";
      let total = 0;
      for (let offset: number | null = 0; offset !== null;) {
        const page: Message = await tool("get_transcript", { id, offset, maxChars: 20_000 });
        text += page["structuredContent"].text;
        total = page["structuredContent"].totalChars;
        offset = page["structuredContent"].nextOffset;
      }
      assertEquals(text.length, total);
      if (id.endsWith(sessionId(5))) {
        assert(total > 100_000, `${total} characters`);
        assert(text.includes(PLANTED.deep));
      }
      await tool("rousseau_read_session", { id });
    }
    for (const id of ["rousseau:1", "rousseau:oauth_tokens", "rousseau:c0000001"]) {
      assertEquals((await tool("get_transcript", { id }))["isError"], true);
    }
    const tasks = await tool("list_tasks", {});
    assertEquals(
      tasks["structuredContent"].tasks.map((t: Message) => [t.bucket, t.schedule, t.enabled]),
      [["scheduled", "0 17 * * 5", false], ["scheduled", "0 8 * * *", true]],
    );
    await tool("rousseau_cron_list", {});
    await tool("rousseau_list_sessions", { limit: 100 });
    const ids0 = (answer: Message) =>
      answer["structuredContent"].results.map((hit: Message) => hit.id);
    for (const [word, n] of [[PLANTED.deep, 5], [PLANTED.afterNewline, 2], [PLANTED.afterTag, 3]]) {
      const hits = await tool("search_transcripts", { query: word });
      assertEquals(ids0(hits), [`rousseau:${sessionId(n as number)}`], String(word));
      assert(JSON.stringify(hits["structuredContent"].results[0].snippet).includes(String(word)));
      assertEquals(ids0(await tool("rousseau_search_sessions", { query: word })), ids0(hits));
    }
    for (const word of [PLANTED.toolInput, PLANTED.toolOutput, PLANTED.imageData, "media_type"]) {
      assertEquals(ids0(await tool("search_transcripts", { query: word })), [], word);
      assertEquals(ids0(await tool("rousseau_search_sessions", { query: word })), [], word);
    }
    for (const query of searchTerms()) {
      await tool("search_transcripts", { query, limit: 50 });
      await tool("rousseau_search_sessions", { query, limit: 50 });
    }
    const exit = await server.finish();
    assertEquals(exit.code, 0);
    record("stderr", { stderr: exit.stderr, rest: exit.rest });
    assert(seen.length > 50, `${seen.length} answers checked`);
  } finally {
    await server.kill();
    fixture.cleanup();
  }
});
