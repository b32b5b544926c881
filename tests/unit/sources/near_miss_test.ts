/**
 * A database of a known app whose upgrade renamed a column every read needs cannot be served;
 * the error names the app and the columns, not our own store's schema version.
 */
import { assertMatch, assertThrows } from "../../helpers/assert.ts";
import { brokenDatabase, type BrokenKind } from "../../helpers/broken_sources.ts";
import { openDatabaseSource } from "../../../lib/sources/open_source.ts";
import { StoreOpenError } from "../../../lib/store/errors.ts";

const RENAMES: [BrokenKind, string, RegExp][] = [
  ["meetily", "ALTER TABLE meetings RENAME COLUMN title TO name", /meetily.*meetings\.title/],
  [
    "meetily",
    "ALTER TABLE transcripts RENAME COLUMN transcript TO text",
    /meetily.*transcripts\.transcript/,
  ],
  [
    "buzz",
    "ALTER TABLE transcription_segment RENAME COLUMN text TO body",
    /buzz.*transcription_segment\.text/,
  ],
  [
    "kuradb",
    "ALTER TABLE file_data RENAME COLUMN dismiss TO dismissed",
    /kuradb.*file_data\.dismiss/,
  ],
  ["rousseau", "ALTER TABLE sessions RENAME COLUMN payload TO body", /rousseau.*sessions\.payload/],
];

Deno.test("a known app's database missing a column it needs is named as that app's, with the column", () => {
  for (const [kind, rename, names] of RENAMES) {
    const db = brokenDatabase(kind, (db) => db.exec(rename));
    try {
      const error = assertThrows(() => openDatabaseSource(db.path, { name: "x" }), StoreOpenError);
      assertMatch(error.message, names);
      assertMatch(error.message, /^Cannot open source: /);
    } finally {
      db.cleanup();
    }
  }
});
