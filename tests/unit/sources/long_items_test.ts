/**
 * Meetily and Buzz items of 150,000 segments: read whole (no spread of every segment's end
 * into one call), and paged through by 1,000 (as resources/read and get_turns page) reading
 * each row of the database about once, not once a page.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { brokenDatabase, type BrokenKind } from "../../helpers/broken_sources.ts";
import { openDatabaseSource } from "../../../lib/sources/open_source.ts";
import { legacyResult } from "../../helpers/meetily_fixture.ts";
import type { Store } from "../../../lib/store/store.ts";

const SEGMENTS = 150_000;
/** The numbers 0 to SEGMENTS - 1, as a table SQLite makes without an extension. */
const SERIES = `(WITH RECURSIVE n(value) AS (SELECT 0 UNION ALL SELECT value + 1 FROM n
  WHERE value < ${SEGMENTS - 1}) SELECT value FROM n)`;

const FILL: Record<"meetily" | "buzz", string> = {
  meetily: `INSERT INTO meetings (id, title, created_at, updated_at)
      VALUES ('long', 'Long', '2025-11-19T07:07:05+00:00', '');
    INSERT INTO transcripts (meeting_id, transcript, timestamp, audio_start_time, audio_end_time)
      SELECT 'long', 'segment ' || value, '', value, value + 0.5 FROM ${SERIES}`,
  buzz: `INSERT INTO transcription (id, status, time_queued, file)
      VALUES ('long', 'completed', '2025-11-19T08:07:05', '/a/long.mp3');
    INSERT INTO transcription_segment (transcription_id, text, start_time, end_time)
      SELECT 'long', 'segment ' || value, value * 1000, value * 1000 + 500
      FROM ${SERIES}`,
};

/**
 * Counts the rows `store`'s statements visit from now on: each statement that walks rows asks
 * the interrupt check once a row (keepGoingSql).
 */
function countVisits(store: Store): () => number {
  let visits = 0;
  store.setInterruptCheck(() => {
    visits++;
    return null;
  });
  return () => visits;
}

for (const kind of ["meetily", "buzz"] as const satisfies readonly BrokenKind[]) {
  Deno.test(`${kind}: an item of ${SEGMENTS.toLocaleString("en-US")} segments is read whole and paged in one pass`, () => {
    const db = brokenDatabase(kind, (db) => db.exec(FILL[kind]));
    const { reader, store } = openDatabaseSource(db.path, { name: "x" });
    try {
      const document = reader.getTranscript("x:long");
      assertEquals(document?.duration, SEGMENTS - 0.5);
      const visits = countVisits(store);
      let seen = 0;
      for (let fromSeq = 0; fromSeq < SEGMENTS; fromSeq += 1_000) {
        const page = reader.readSegments!("x:long", { fromSeq, limit: 1_000 })!;
        assertEquals(page[0]?.seq, fromSeq);
        seen += page.length;
      }
      assertEquals(seen, SEGMENTS);
      assert(visits() < 2 * SEGMENTS, `${visits()} rows visited to page ${SEGMENTS} segments`);
    } finally {
      store.close();
      db.cleanup();
    }
  });
}

Deno.test(`meetily: a legacy summary of ${SEGMENTS.toLocaleString("en-US")} action items is read, not skipped`, () => {
  const items = Array.from({ length: SEGMENTS }, (_, i) => `Owner ${i}: task ${i}`);
  const db = brokenDatabase("meetily", (db) => {
    db.exec(`INSERT INTO meetings (id, title, created_at, updated_at)
      VALUES ('m', 'M', '2025-11-19T07:07:05+00:00', '')`);
    db.prepare(`INSERT INTO summary_processes (meeting_id, status, created_at, updated_at, result)
      VALUES ('m', 'completed', '', '', ?)`).run(legacyResult(items));
  });
  const { reader, store } = openDatabaseSource(db.path, { name: "x" });
  try {
    assertEquals(reader.facts().tasks, SEGMENTS);
    assertEquals(reader.listTasks(null, 1, {})[0]?.text, "Owner 0: task 0");
  } finally {
    store.close();
    db.cleanup();
  }
});
