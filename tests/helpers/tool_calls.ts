/**
 * Calling tools in process on a fixture store, for the tools' unit tests: the store (the
 * fixture transcripts plus a long emoji one), a call that must succeed and returns its
 * structuredContent (checking the text block carries the same JSON), and a call whose MCP
 * result is returned as it is.
 */
import { SourceSet } from "../../lib/sources/source_set.ts";
import { assertEquals } from "./assert.ts";
import { buildFixtureStore, fixtureTranscripts, longEmojiTranscript } from "./fixture_store.ts";
import { openStore } from "../../lib/store/open_store.ts";
import type { Store } from "../../lib/store/store.ts";
import type { Transcript } from "../../lib/store/model.ts";
import { callTool } from "../../lib/tools/call_tool.ts";
import { toolCallResult } from "../../lib/protocol/tool_result.ts";
import { findTool } from "../../lib/tools/registry.ts";

/** Any JSON value a tool answers. */
// deno-lint-ignore no-explicit-any
export type Json = any;

/**
 * A test body run against a fixture store of `transcripts` (and no tasks), closed and removed
 * after it.
 */
export function withTranscripts(
  transcripts: Transcript[],
  fn: (store: Store) => void,
): () => void {
  return () => {
    const fixture = buildFixtureStore({ transcripts, tasks: [] });
    const store = openStore(fixture.path);
    try {
      fn(store);
    } finally {
      store.close();
      fixture.cleanup();
    }
  };
}

/** A test body run on a fresh fixture store, closed and removed afterwards. */
export function withStore(
  fn: (store: Store, fixture: ReturnType<typeof buildFixtureStore>) => void,
): () => void {
  return () => {
    const fixture = buildFixtureStore({
      transcripts: [...fixtureTranscripts(), longEmojiTranscript()],
    });
    const store = openStore(fixture.path);
    try {
      fn(store, fixture);
    } finally {
      store.close();
      fixture.cleanup();
    }
  };
}

/** Calls a tool that must succeed; returns its structuredContent. */
export function call(store: Store, name: string, args?: unknown): Json {
  const result = toolCallResult(callTool(findTool(name)!, SourceSet.ofStore(store), args));
  if (result.isError) throw new Error(`unexpected error: ${result.content[0]?.text}`);
  assertEquals(JSON.parse(result.content[0]!.text), result.structuredContent);
  return result.structuredContent;
}

/** Calls a tool and returns its MCP result, error or not. */
export function callError(
  store: Store,
  name: string,
  args: unknown,
): ReturnType<typeof toolCallResult> {
  return toolCallResult(callTool(findTool(name)!, SourceSet.ofStore(store), args));
}

/** Orders items by createdAt, newest first. */
export const newestFirst = (a: { createdAt: string }, b: { createdAt: string }): number =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;
