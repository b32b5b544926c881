/**
 * The `check` report: schema version, row counts, and whether the FTS index agrees with
 * its table. Every query here is a read; FTS5's own integrity-check command is a write.
 *
 * @module
 */
import type { Store } from "./store.ts";

/** What `transcript-mcp check` reports about a store. */
export interface StoreReport {
  /** The store's path, or the demo store's description. */
  location: string;
  /** The store's `PRAGMA user_version`. */
  schemaVersion: number;
  /** "ok", or the first problem SQLite's quick_check found in the file. */
  integrity: string;
  /** Rows per table; `segments` is null when the store has no segments table. */
  counts: { transcripts: number; segments: number | null; tasks: number };
  /** How the full-text index compares with the transcripts table. */
  fts: {
    /** Transcripts the index holds. */
    indexed: number;
    /** Transcripts the index has no entry for: search cannot find them. */
    missing: number;
    /** Index entries whose transcript is gone: search may return stale hits. */
    orphaned: number;
    /** Whether nothing is missing and nothing is orphaned. */
    inSync: boolean;
  };
}

function quickCheck(store: Store): string {
  try {
    const rows = store.all("PRAGMA quick_check");
    const first = String(rows[0]?.["quick_check"] ?? "ok");
    return rows.length === 1 && first === "ok" ? "ok" : first;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Whether the report shows a store in good order: sound file, index in sync.
 *
 * @example
 * ```ts
 * import { checkStore, isHealthy } from "./store_check.ts";
 * import { openDemoStore } from "../demo/demo_store.ts";
 * isHealthy(checkStore(openDemoStore())); // true
 * ```
 */
export function isHealthy(report: StoreReport): boolean {
  return report.integrity === "ok" && report.fts.inSync;
}

function count(store: Store, sql: string): number {
  return Number(store.get(sql)?.["n"] ?? 0);
}

/**
 * Inspects an open store. The index is compared with its table through the per-document
 * size table FTS5 keeps for every indexed row.
 *
 * @example
 * ```ts
 * import { checkStore } from "./store_check.ts";
 * import { openDemoStore } from "../demo/demo_store.ts";
 * checkStore(openDemoStore()).fts.inSync; // true
 * ```
 */
export function checkStore(store: Store): StoreReport {
  const integrity = quickCheck(store);
  const hasSegments = count(
    store,
    "SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table' AND name = 'segments'",
  ) === 1;
  const missing = count(
    store,
    `SELECT count(*) AS n FROM transcripts AS t
      WHERE NOT EXISTS (SELECT 1 FROM transcripts_fts_docsize AS d WHERE d.id = t.pk)`,
  );
  const orphaned = count(
    store,
    `SELECT count(*) AS n FROM transcripts_fts_docsize AS d
      WHERE NOT EXISTS (SELECT 1 FROM transcripts AS t WHERE t.pk = d.id)`,
  );
  return {
    location: store.location,
    schemaVersion: Number(store.get("PRAGMA user_version")?.["user_version"] ?? 0),
    integrity,
    counts: {
      transcripts: count(store, "SELECT count(*) AS n FROM transcripts"),
      segments: hasSegments ? count(store, "SELECT count(*) AS n FROM segments") : null,
      tasks: count(store, "SELECT count(*) AS n FROM tasks"),
    },
    fts: {
      indexed: count(store, "SELECT count(*) AS n FROM transcripts_fts_docsize"),
      missing,
      orphaned,
      inSync: missing === 0 && orphaned === 0,
    },
  };
}

/**
 * The report as the lines `check` prints.
 *
 * @example
 * ```ts
 * import { checkStore, formatStoreReport } from "./store_check.ts";
 * import { openDemoStore } from "../demo/demo_store.ts";
 * console.log(formatStoreReport(checkStore(openDemoStore())));
 * ```
 */
export function formatStoreReport(report: StoreReport): string {
  const { counts, fts } = report;
  const ftsLine = fts.inSync
    ? `in sync (${fts.indexed} indexed)`
    : `OUT OF SYNC: ${fts.missing} transcripts not indexed, ${fts.orphaned} stale index entries; ` +
      `the app should rebuild it: INSERT INTO transcripts_fts(transcripts_fts) VALUES('rebuild')`;
  return [
    `store:          ${report.location}`,
    `schema version: ${report.schemaVersion}`,
    `file:           ${report.integrity === "ok" ? "ok" : `DAMAGED: ${report.integrity}`}`,
    `transcripts:    ${counts.transcripts}`,
    `segments:       ${counts.segments ?? "(no segments table)"}`,
    `tasks:          ${counts.tasks}`,
    `search index:   ${ftsLine}`,
  ].join("\n");
}
