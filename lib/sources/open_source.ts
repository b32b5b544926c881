/**
 * Opening one database as a source with its reader: detect_source.ts decides its kind and
 * locks the connection down, and the kind's reader is made over it.
 *
 * @module
 */
import type { Store } from "../store/store.ts";
import type { SourceKind, TableColumns } from "./source_kind.ts";
import type { SourceReader } from "./source_reader.ts";
import { SOURCE_KINDS } from "./kinds.ts";
import { detectKind as detectSign, type DetectOptions, openSourceOfKind } from "./detect_source.ts";

/** A database opened as a source. */
export interface OpenedDatabase {
  /** Its kind. */
  kind: SourceKind;
  /** The locked-down connection. */
  store: Store;
  /** The kind's reader over it. */
  reader: SourceReader;
}

/** Options for {@link openDatabaseSource}: those of detection, and the source's name. */
export interface OpenDatabaseOptions extends DetectOptions<SourceKind> {
  /**
   * The source's name (the prefix of its public ids), or how to make it from the kind
   * detected.
   */
  name: string | ((kind: SourceKind) => string);
}

/**
 * The kind, with its reader, of a database with these tables, or undefined: detect_source.ts's
 * detection over {@link SOURCE_KINDS}.
 *
 * @example
 * ```ts
 * import { detectKind } from "./open_source.ts";
 * detectKind(new Map([["transcripts", new Set(["id"])]]))?.kind; // "transcript-mcp"
 * ```
 */
export function detectKind(
  tables: TableColumns,
  kinds: readonly SourceKind[] = SOURCE_KINDS,
): SourceKind | undefined {
  return detectSign(tables, kinds);
}

/**
 * Opens the database at `path` as a source of whichever kind its tables say it is. Throws
 * StoreOpenError with one line: the file is unusable, or of no known kind (naming the
 * tables it has and the kinds supported).
 *
 * @example
 * ```ts
 * import { openDatabaseSource } from "./open_source.ts";
 * const { kind, reader, store } = openDatabaseSource("/data/meeting_minutes.sqlite", {
 *   name: "meetily",
 * });
 * kind.kind; // "meetily"
 * reader.facts().transcripts;
 * store.close();
 * ```
 */
export function openDatabaseSource(path: string, options: OpenDatabaseOptions): OpenedDatabase {
  return openSourceOfKind(
    path,
    { ...options, kinds: options.kinds ?? SOURCE_KINDS },
    (kind, store, tables) => {
      const name = typeof options.name === "string" ? options.name : options.name(kind);
      return { kind, store, reader: kind.open(store, { name, tables }) };
    },
  );
}
