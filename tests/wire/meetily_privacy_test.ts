/**
 * Meetily keeps API keys in plain text in `settings` and `transcript_settings`. Through the
 * real server, no tool answer, protocol answer, error or stderr line ever holds one, whatever
 * is asked: every listing page, every transcript, every task, and a search for each key,
 * each part of it and the words around it (providers, models, column names). A meeting that
 * talks about keys and holds a key-shaped string of its own shows such searches do work.
 */
import { assert, assertEquals } from "../helpers/assert.ts";
import {
  buildMeetilyFixture,
  fixtureMeetings,
  MEETILY_DECOY_SECRETS,
  meetingWith,
} from "../helpers/meetily_fixture.ts";
import { type Message, startServer } from "../helpers/server_process.ts";
import { allTranscriptIds, watchAnswers } from "../helpers/wire_watch.ts";

/** A key-shaped string a transcript says out loud: found, unlike the decoys. */
const SPOKEN_KEY = "sk-spokenpublic1234";

/** Search terms: each key, its parts and prefixes, and what sits next to it in the tables. */
function searchTerms(): string[] {
  const around = [
    "openai",
    "anthropic",
    "groq",
    "ollama",
    "openrouter",
    "whisper",
    "deepgram",
    "elevenlabs",
    "openaiApiKey",
    "groqApiKey",
    "whisperApiKey",
    "ApiKey",
    "api key",
    "gpt-4o",
    "large-v3",
    "nova",
    "http://localhost:11434",
    "11434",
    "settings",
    "transcript_settings",
    "provider",
    "decoy",
    "sk",
    "sk-",
    "*",
  ];
  const fromKeys = MEETILY_DECOY_SECRETS.flatMap((key) => [
    key,
    key.toUpperCase(),
    `"${key}"`,
    ...key.split(/[-_]/),
    key.slice(0, 6),
    key.slice(-6),
  ]);
  return [...new Set([...fromKeys, ...around, SPOKEN_KEY])];
}

Deno.test("meetily privacy: no answer, error or log line of the server holds a planted API key", async () => {
  const meetings = [
    ...fixtureMeetings(),
    meetingWith(90, "2025-12-01T09:00:00+00:00", [
      "We rotated the OpenAI api key and the Deepgram key in settings.",
      `The demo key ${SPOKEN_KEY} is public; the provider is groq, model gpt-4o.`,
    ], { title: "API key hygiene" }),
  ];
  const fixture = buildMeetilyFixture({ meetings });
  const server = startServer(["--source", fixture.path]);
  const watched = watchAnswers(server, MEETILY_DECOY_SECRETS);
  const { record, tool } = watched;
  try {
    await server.initialize();
    record("tools/list", await server.request("tools/list", {}));
    await tool("list_sources", {});
    const ids = await allTranscriptIds(tool, 3);
    assertEquals(ids.length, meetings.length);
    for (const id of [...ids, "meetily:1", "meetily:settings", "meetily:transcript_settings"]) {
      await tool("get_transcript", { id });
      await tool("get_turns", { id });
    }
    await tool("list_tasks", { query: "api key secret" });
    let tasks = 0;
    for (let cursor: string | null = null;;) {
      const page: Message = await tool("list_tasks", { limit: 2, ...(cursor ? { cursor } : {}) });
      tasks += page["structuredContent"].tasks.length;
      cursor = page["structuredContent"].nextCursor ?? null;
      if (cursor === null) break;
    }
    assert(tasks > 0);
    const failed: string[] = [];
    for (const query of searchTerms()) {
      for (const scope of [{}, { sourceName: "meetily" }]) {
        const answer = await tool("search_transcripts", { query, limit: 50, ...scope });
        if (answer["isError"]) failed.push(`${query}: ${answer["content"][0].text}`);
      }
    }
    assertEquals(failed, []);
    const spoken = await tool("search_transcripts", { query: SPOKEN_KEY });
    assertEquals(spoken["structuredContent"].results.map((hit: Message) => hit.id), [
      "meetily:meeting-0090",
    ]);
    assert(JSON.stringify(spoken).includes(SPOKEN_KEY), "a spoken key-shaped word is shown");
    const exit = await server.finish();
    assertEquals(exit.code, 0);
    record("stderr", { stderr: exit.stderr, rest: exit.rest });
    assert(watched.checked > 100, `${watched.checked} answers checked`);
  } finally {
    await server.kill();
    fixture.cleanup();
  }
});
