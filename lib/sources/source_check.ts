/**
 * The `check` report of one source: for a store in our own schema, the contract's report
 * (schema version, integrity, counts, index health); for another app's database, its
 * integrity, what it holds, and the notes a user should know (features a drifted schema
 * turned off, rows not yet indexed).
 *
 * @module
 */
import { checkStore, formatStoreReport, isHealthy } from "../store/store_check.ts";
import { type ServedSource, type SourceSet, SourceUnavailableError } from "./source_set.ts";
import { EMPTY_FOLDER_NOTE, type FolderSourceReader } from "./folder/folder_reader.ts";
import type { Store } from "../store/store.ts";
import { StoreBusyError } from "../store/errors.ts";
import { printable } from "../text/printable.ts";

/** What `check` prints for a source, and whether it is in good order. */
export interface SourceCheck {
  /** The report's lines, joined. */
  text: string;
  /** Whether the source is readable, sound, and (for ours) its index in sync. */
  healthy: boolean;
}

/**
 * Checks one source of `sources`. Never throws: a source that cannot be read is reported
 * as such.
 *
 * @example
 * ```ts
 * import { checkSource } from "./source_check.ts";
 * import { SourceSet } from "./source_set.ts";
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * checkSource(sources, sources.all[0]!).healthy; // true
 * ```
 */
export function checkSource(sources: SourceSet, source: ServedSource): SourceCheck {
  sources.refresh(source); // A source that failed at start may be back: its kind is known then.
  const notes = (source.notes ?? []).map((note) => `note:           ${note}`);
  const title = `source:         ${source.name}${source.kind === null ? "" : ` (${source.kind})`}`;
  try {
    const reader = sources.reader(source);
    if (source.kind === "folder") return checkFolder(title, source, reader as FolderSourceReader);
    const facts = reader.facts();
    const store = sources.store(source)!;
    if (source.kind === "transcript-mcp") {
      const report = checkStore(store);
      const text = [title, formatStoreReport(report), ...notes].join("\n");
      return { text, healthy: isHealthy(report) };
    }
    const integrity = quickCheck(store);
    const lines = [
      title,
      `location:       ${source.location}`,
      `file:           ${integrity === "ok" ? "ok" : `DAMAGED: ${integrity}`}`,
      `transcripts:    ${facts.transcripts}`,
      `tasks:          ${facts.tasks}`,
      `newest:         ${facts.newest ?? "(none)"}`,
      `search:         ${facts.search === "fts" ? "the app's full-text index" : "scan"}`,
      `turns:          ${facts.turns ? "timed segments" : "none"}`,
      ...notes,
      ...facts.notes.map((note) => `note:           ${note}`),
    ];
    return { text: lines.join("\n"), healthy: integrity === "ok" };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    // A lock is the app at work: the file may be sound, and readable once it lets go.
    const state = error instanceof StoreBusyError
      ? "LOCKED"
      : error instanceof SourceUnavailableError
      ? "UNREADABLE"
      : "DAMAGED";
    const lines = [title, `location:       ${source.location}`, `file:           ${state}: ${why}`];
    return { text: [...lines, ...notes].join("\n"), healthy: false };
  }
}

/**
 * SQLite's quick_check of each ordinary table, or the first problem it finds. A whole-file
 * quick_check opens every FTS5 table, and an app's database holds some this connection may
 * not read (screenpipe's OCR text and UI events): it would fail on a sound file.
 */
function quickCheck(store: Store): string {
  const tables = store.rows(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'",
  );
  for (const [name] of tables) {
    const quoted = `"${String(name).replaceAll('"', '""')}"`;
    const result = String(store.get(`PRAGMA quick_check(${quoted})`)?.["quick_check"] ?? "ok");
    if (result !== "ok") return result;
  }
  return "ok";
}

/**
 * A folder's report: what it holds, and each file skipped with why. Skipped files do not
 * make it unhealthy: they are the user's files, reported, and the rest serve.
 */
function checkFolder(
  title: string,
  source: ServedSource,
  reader: FolderSourceReader,
): SourceCheck {
  const facts = reader.facts();
  const skipped = reader.skippedFiles();
  const lines = [
    title,
    `location:       ${source.location}`,
    `transcripts:    ${facts.transcripts}`,
    `newest:         ${facts.newest ?? "(none)"}`,
    `search:         full-text index, in memory`,
    `turns:          ${facts.turns ? "timed segments" : "none"}`,
    `skipped:        ${skipped.length} file${skipped.length === 1 ? "" : "s"}`,
    // A file's name may hold a line break: shown escaped, one line per file.
    ...skipped.map((file) => `  ${printable(file.relative, Infinity)}: ${file.reason}`),
    // An empty folder is no fault of the folder, but a drive not mounted shows only as a 0.
    ...facts.notes.filter((note) => note === EMPTY_FOLDER_NOTE).map((note) =>
      `note:           ${note}`
    ),
  ];
  return { text: lines.join("\n"), healthy: true };
}
