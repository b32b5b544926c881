/**
 * A Buzz database through the real server: list_sources names it and what it leaves out,
 * list_transcripts pages its completed transcriptions newest first, get_transcript pages a
 * 100k-character one to its end, and search finds planted words (one at the very end of that
 * one) but never what Buzz did not complete, its error messages, notes, or the secrets file
 * beside the database; no answer or log line holds the decoy secret.
 */
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import {
  buildBuzzFixture,
  BUZZ_DECOY_SECRET,
  fixtureTranscriptions,
  transcriptionWith,
} from "../helpers/buzz_fixture.ts";
import { type Message, startServer } from "../helpers/server_process.ts";

const DEEP_WORD = "xylophonequartz";

Deno.test("buzz over the wire: listed, read in pages, searched; hidden rows and secrets never shown", async () => {
  const filler = "Plain words about the weekly planning, nothing else. ".repeat(1_000);
  const transcriptions = [
    ...fixtureTranscriptions(),
    transcriptionWith(30, "2025-09-01T09:00:00.250000", [filler, filler, `Last: ${DEEP_WORD}.`], {
      name: "Long lecture",
    }),
  ];
  const fixture = buildBuzzFixture({ transcriptions });
  const server = startServer(["--source", fixture.path]);
  const seen: string[] = [];
  const call = async (name: string, args: unknown) => {
    const answer: Message = await server.callTool(name, args);
    seen.push(JSON.stringify(answer));
    assert(!answer["isError"], `${name}: ${JSON.stringify(answer["content"])}`);
    return answer["structuredContent"];
  };
  try {
    await server.initialize();
    const [source] = (await call("list_sources", {})).sources;
    assertEquals(
      [source.name, source.kind, source.transcripts, source.search, source.turns],
      ["buzz", "buzz", 5, "scan", true],
    );
    assert(
      source.notes.some((note: string) =>
        note.startsWith("5 transcriptions Buzz did not complete")
      ),
      source.notes.join("\n"),
    );

    const ids: string[] = [];
    const times: string[] = [];
    for (let cursor: string | null = null;;) {
      const page: Message = await call("list_transcripts", {
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      ids.push(...page.transcripts.map((item: Message) => item.id));
      times.push(...page.transcripts.map((item: Message) => item.createdAt));
      cursor = page.nextCursor ?? null;
      if (cursor === null) break;
    }
    assertEquals(ids, [
      "buzz:tr-0001",
      "buzz:tr-0002",
      "buzz:tr-0003",
      "buzz:tr-0004",
      "buzz:tr-0030",
    ]);
    assertEquals(times, [...times].sort().reverse());
    for (const time of times) assertMatch(time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    let text = "";
    let pages = 0;
    for (let offset: number | null = 0; offset !== null; pages++) {
      const page: Message = await call("get_transcript", {
        id: "buzz:tr-0030",
        offset,
        maxChars: 20_000,
      });
      assertEquals(page.title, "Long lecture");
      text += page.text;
      offset = page.nextOffset ?? null;
    }
    assert(pages >= 5, `${pages} pages`);
    assert(text.length > 100_000 && text.endsWith(`Last: ${DEEP_WORD}.`), `${text.length} chars`);

    const found = async (query: string) =>
      (await call("search_transcripts", { query, limit: 10 })).results.map((hit: Message) =>
        hit.id
      );
    assertEquals(await found(DEEP_WORD.toUpperCase()), ["buzz:tr-0030"]);
    assertEquals(await found("Ørstedvik"), ["buzz:tr-0001"]);
    assertEquals(await found("THANKS"), ["buzz:tr-0003"]);
    for (const hidden of ["zeppelin", BUZZ_DECOY_SECRET, "OpenAI", "secret"]) {
      assertEquals(await found(hidden), [], hidden);
    }
    for (const id of ["buzz:tr-0005", "buzz:tr-0006", "buzz:tr-0007", "buzz:tr-0008"]) {
      const answer: Message = await server.callTool("get_transcript", { id });
      seen.push(JSON.stringify(answer));
      assert(answer["isError"], `${id} is not shown`);
    }
    const exit = await server.finish();
    assertEquals(exit.code, 0);
    seen.push(exit.stderr, ...exit.rest);
    for (const answer of seen) {
      assert(
        !answer.includes(BUZZ_DECOY_SECRET) && !answer.includes("zeppelin"),
        answer.slice(0, 200),
      );
    }
  } finally {
    await server.kill();
    fixture.cleanup();
  }
});
