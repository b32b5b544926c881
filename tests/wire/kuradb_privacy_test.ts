/**
 * A KuraDB folder holds an API key in `.secrets`, cached queries with their embeddings in
 * global.db, and an embedding beside every chunk. Through the real server, given the whole
 * folder, no tool answer, protocol answer, error or stderr line ever holds any of them,
 * whatever is asked: every listing page, every file, and a search for each decoy, its parts
 * and the words around it. A file that mentions an API key of its own is found, showing such
 * searches work; list_sources shows each database's own name as its title.
 */
import { assert, assertEquals } from "../helpers/assert.ts";
import {
  buildKuraDbFolder,
  inboxPath,
  KURADB_CACHED_QUERY,
  KURADB_EMBEDDING_DECOY,
  KURADB_SECRET_KEY,
  researchFiles,
  upsertKuraDbFiles,
} from "../helpers/kuradb_fixture.ts";
import { type Message, startServer } from "../helpers/server_process.ts";
import { allTranscriptIds, watchAnswers } from "../helpers/wire_watch.ts";
import { nameFromLabel } from "../../lib/config/source_name.ts";

const DECOYS = [KURADB_SECRET_KEY, KURADB_EMBEDDING_DECOY, KURADB_CACHED_QUERY];
const SPOKEN_KEY = "sk-spokenpublic5678";

function searchTerms(): string[] {
  const around = [
    "OPENAI_API_KEY",
    "openai",
    "secrets",
    ".secrets",
    "query_cache",
    "embedding",
    "is_embed",
    "zanzibar",
    "cachedquerydecoy",
    "vector",
    "sk",
    "sk-",
  ];
  const fromDecoys = DECOYS.flatMap((decoy) => [
    decoy,
    decoy.toUpperCase(),
    ...decoy.split(/[-_ ]/),
    decoy.slice(0, 8),
    decoy.slice(-8),
  ]);
  return [...new Set([...fromDecoys, ...around, SPOKEN_KEY])].filter((term) => term.trim());
}

Deno.test("kuradb privacy: no answer, error or log line holds .secrets, a cached query or an embedding", async () => {
  const fixture = buildKuraDbFolder([
    { name: "research", files: [] },
    { name: "研究_notes", files: [] },
  ]);
  for (const name of ["research", "研究_notes"]) {
    const { files, changed } = researchFiles(fixture.folder, name);
    upsertKuraDbFiles(fixture.databasePath(name), [...files, changed, {
      source: inboxPath(fixture.folder, name, "keys.md"),
      chunks: [`We rotated the OpenAI key; the demo key ${SPOKEN_KEY} is public.`],
      createdAt: "2026-04-01 09:00:00",
    }]);
  }
  const server = startServer(["--source", fixture.folder]);
  const watched = watchAnswers(server, DECOYS);
  const { record, tool } = watched;
  try {
    await server.initialize();
    record("tools/list", await server.request("tools/list", {}));
    const sources = (await tool("list_sources", {}))["structuredContent"].sources;
    assertEquals(sources.map((s: Message) => [s.name, s.title, s.kind, s.transcripts]), [
      ["research", "research", "kuradb", 4],
      [nameFromLabel("研究_notes"), "研究_notes", "kuradb", 4],
    ]);
    const ids = await allTranscriptIds(tool, 3);
    assertEquals(ids.length, 8);
    for (const id of [...ids, "research:0", "research:global", "research:.secrets"]) {
      await tool("get_transcript", { id });
    }
    const failed: string[] = [];
    for (const query of searchTerms()) {
      for (const scope of [{}, { sourceName: "research" }]) {
        const answer = await tool("search_transcripts", { query, limit: 50, ...scope });
        if (answer["isError"]) failed.push(`${query}: ${answer["content"][0].text}`);
      }
    }
    assertEquals(failed, []);
    const spoken = await tool("search_transcripts", { query: SPOKEN_KEY });
    assertEquals(spoken["structuredContent"].results.map((hit: Message) => hit.title), [
      "keys.md",
      "keys.md",
    ]);
    const exit = await server.finish();
    assertEquals(exit.code, 0);
    record("stderr", { stderr: exit.stderr, rest: exit.rest });
    assert(watched.checked > 60, `${watched.checked} answers checked`);
  } finally {
    await server.kill();
    fixture.cleanup();
  }
});
