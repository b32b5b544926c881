/**
 * Sources of three kinds for the `index` tests (a store of ours, Meetily, screenpipe), and
 * what the tools answer over a set of sources, to compare serving the sources directly
 * with serving the store `index` built from them.
 */
import { join } from "node:path";
import { callTool } from "../../lib/tools/call_tool.ts";
import { findTool } from "../../lib/tools/registry.ts";
import { SourceSet } from "../../lib/sources/source_set.ts";
import { chooseSources, settleSources } from "../../lib/sources/source_spec.ts";
import { buildFixtureStore } from "./fixture_store.ts";
import { buildMeetilyFixture } from "./meetily_fixture.ts";
import { createScreenpipeDb } from "./screenpipe_fixture.ts";
import { assert } from "./assert.ts";

/** The three sources in one temporary directory. */
export interface IndexSources {
  dir: string;
  store: string;
  meetily: string;
  screenpipe: string;
  cleanup(): void;
}

/** Words planted in the screenpipe fixture, for the search comparison. */
export const SCREENPIPE_WORDS = ["quarterly", "zeppelin", "harbour"];

/** A store of ours, Meetily's fixture, and a screenpipe database of a few sittings. */
export function buildIndexSources(): IndexSources {
  const store = buildFixtureStore();
  const meetily = buildMeetilyFixture();
  const dir = Deno.makeTempDirSync({ prefix: "index-sources-" });
  const screenpipe = join(dir, "db.sqlite");
  const app = createScreenpipeDb(screenpipe);
  const ana = app.addSpeaker("Ana");
  const ben = app.addSpeaker("Ben");
  const start = Date.UTC(2025, 10, 3, 9, 0, 0);
  for (let i = 0; i < 12; i++) {
    const word = SCREENPIPE_WORDS[i % SCREENPIPE_WORDS.length];
    app.addChunk({
      device: i % 2 === 0 ? "MacBook Pro Microphone" : "Display Audio",
      input: i % 2 === 0,
      // Two sittings a day, three chunks in each.
      atMs: start + Math.floor(i / 3) * 6 * 3_600_000 + (i % 3) * 30_000,
      segments: [
        { text: `Chunk ${i} opens the ${word} topic.`, speakerId: ana, start: 0, end: 4.5 },
        { text: `Reply ${i}, noted.`, speakerId: ben, start: 5, end: 9.25 },
      ],
    });
  }
  app.index();
  app.close();
  return {
    dir,
    store: store.path,
    meetily: meetily.path,
    screenpipe,
    cleanup() {
      store.cleanup();
      meetily.cleanup();
      Deno.removeSync(dir, { recursive: true });
    },
  };
}

/** Opens sources named as on the command line (`[NAME=]PATH`), with their default names. */
export function openSources(paths: readonly string[]): SourceSet {
  const chosen = chooseSources({
    kind: "paths",
    flags: paths.map((path) => ({ name: null, path, option: "--source" as const })),
  }, { env: () => undefined, os: Deno.build.os, cwd: Deno.cwd() });
  return SourceSet.open(settleSources(chosen));
}

// deno-lint-ignore no-explicit-any
type Json = any;

function tool(sources: SourceSet, name: string, args: Record<string, unknown>): Json {
  const outcome = callTool(findTool(name)!, sources, args);
  assert(outcome.ok, `${name} ${JSON.stringify(args)}: ${JSON.stringify(outcome)}`);
  return JSON.parse(outcome.structuredJson);
}

function withoutSourceName({ sourceName: _, ...rest }: Json): Json {
  return rest;
}

function allPages(sources: SourceSet, name: string, key: string): Json[] {
  const items: Json[] = [];
  let cursor: string | null = null;
  do {
    const page: Json = tool(sources, name, { limit: 7, ...(cursor === null ? {} : { cursor }) });
    items.push(...page[key]);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return items.map(withoutSourceName);
}

/**
 * What the tools answer over `sources`, but for `sourceName`: every transcript listed (in
 * pages), each one read, every task, and the ids each of `words` finds.
 */
export function toolAnswers(sources: SourceSet, words: readonly string[]): Json {
  const transcripts = allPages(sources, "list_transcripts", "transcripts");
  return {
    transcripts,
    documents: transcripts.map((t: Json) =>
      withoutSourceName(tool(sources, "get_transcript", { id: t.id }))
    ),
    tasks: allPages(sources, "list_tasks", "tasks"),
    found: Object.fromEntries(words.map((word) => [
      word,
      tool(sources, "search_transcripts", { query: word, limit: 50 }).results
        .map((hit: Json) => hit.id).sort(),
    ])),
  };
}

/**
 * The answers as a store can give them. Tasks in id order: a store lists tasks of one
 * creation time by id, where Meetily lists a meeting's action items in the order the summary
 * gives them.
 */
export function comparableAnswers(answers: Json): Json {
  const tasks = [...answers.tasks].sort((a: Json, b: Json) => a.id < b.id ? -1 : 1);
  // A store's segments have times, so an item whose segments have none (Meetily's legacy
  // rows) is indexed as text: where its source shows an empty speakers list, the store
  // shows none. Both say no speaker is known.
  const known = (item: Json) => {
    if (!Array.isArray(item.speakers) || item.speakers.length > 0) return item;
    const { speakers: _none, ...rest } = item;
    return rest;
  };
  const items = (list: Json[] | undefined) => list?.map(known);
  return {
    ...answers,
    tasks,
    ...(answers.transcripts ? { transcripts: items(answers.transcripts) } : {}),
    ...(answers.documents ? { documents: items(answers.documents) } : {}),
  };
}
