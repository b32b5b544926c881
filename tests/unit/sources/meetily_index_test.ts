/**
 * The in-memory word index of a Meetily source: it counts exactly what a scan counts, grows
 * with the meetings the app appends, starts over when the app's deletions let SQLite reuse
 * rowids, and past its memory bound leaves the newer rows to the scan.
 */
import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals } from "../../helpers/assert.ts";
import {
  buildMeetilyFixture,
  insertMeetings,
  type MeetilyMeeting,
  meetingWith,
} from "../../helpers/meetily_fixture.ts";
import { openDatabaseSource } from "../../../lib/sources/open_source.ts";
import { MeetilyIndex } from "../../../lib/sources/adapters/meetily_index.ts";
import { type ScanCounts, scanCounts } from "../../../lib/sources/adapters/meetily_search.ts";
import { scanQuery } from "../../../lib/sources/adapters/scan_search.ts";
import type { SourceReader } from "../../../lib/sources/source_reader.ts";
import type { Store } from "../../../lib/store/store.ts";
import { StoreInterruptedError } from "../../../lib/store/errors.ts";

const TEXTS = [
  "We plan the planning of plans; PLANNING again.",
  "L'ÉTÉ dernier, STRASSE und Überprüfung.",
  "ete sans accent, été avec, Été encore",
  "Ticket POL-358 is blocked by pol 358 and POL–358.",
  "ΟΔΟΣ and οδος, İstanbul, ǅemal",
  "100% of it_ was done; 3.14 apples",
  "emoji 😀 between words: a😀b and 𝒳 math",
];

function withFixture(
  meetings: MeetilyMeeting[],
  run: (store: Store, reader: SourceReader, path: string) => void,
): void {
  const fixture = buildMeetilyFixture({ meetings });
  const { reader, store } = openDatabaseSource(fixture.path, { name: "mt" });
  try {
    run(store, reader, fixture.path);
  } finally {
    store.close();
    fixture.cleanup();
  }
}

function sorted(result: ScanCounts): [string, number[]][] {
  return [...result.counts].map(([id, c]) => [id, c.segments] as [string, number[]])
    .filter(([, segments]) => segments.some((n) => n > 0))
    .sort(([a], [b]) => a.localeCompare(b));
}

function keys(reader: SourceReader, query: string): string[] {
  return reader.search(query, 50).hits.map((hit) => hit.key).sort();
}

Deno.test("meetily index: counts the segments holding each word exactly as the scan does", () => {
  const meetings = TEXTS.map((text, n) =>
    meetingWith(n + 1, `2025-11-${String(n + 1).padStart(2, "0")}T07:00:00+00:00`, [
      text,
      TEXTS[(n + 2) % TEXTS.length]!,
      text.toUpperCase(),
    ])
  );
  withFixture(meetings, (store) => {
    const queries = [
      "plan",
      "PLANNING",
      "été",
      "ÉTÉ ete",
      "ÜBERPRÜFUNG",
      "strasse",
      "pol-358",
      "POL 358",
      "οδος",
      "ΟΔΟΣ",
      "istanbul",
      "ǆemal",
      "100%",
      "it_",
      "3.14",
      "a😀b",
      "nothing-here",
    ];
    for (const query of queries) {
      const parsed = scanQuery(query)!;
      const scanned = scanCounts(store, parsed, [], null);
      const indexed = scanCounts(store, parsed, [], new MeetilyIndex());
      assertEquals(sorted(indexed), sorted(scanned), query);
      assertEquals(indexed.partial, false);
    }
    // One segment holding "plan" in three words counts once.
    const plan = scanCounts(store, scanQuery("plan")!, [], new MeetilyIndex());
    assertEquals(plan.counts.get("meeting-0001")!.segments, [2]);
  });
});

Deno.test("meetily index and ranges: appended meetings are read; reused rowids make both start over", () => {
  const first = [meetingWith(1, "2025-11-01T07:00:00+00:00", ["alpha beta", "gamma"])];
  withFixture(first, (_store, reader, path) => {
    assertEquals(keys(reader, "gamma"), ["meeting-0001"]);
    const writer = new DatabaseSync(path);
    try {
      insertMeetings(writer, [
        meetingWith(2, "2025-11-02T07:00:00+00:00", ["zephyr one", "zephyr two", "three"]),
      ]);
      assertEquals(keys(reader, "zephyr"), ["meeting-0002"]);
      assertEquals(reader.getTranscript("mt:meeting-0002")?.text, "zephyr one\nzephyr two\nthree");
      // Meetily deletes a meeting with its rows; SQLite then hands their rowids out again.
      writer.exec("BEGIN");
      writer.exec("DELETE FROM transcripts WHERE meeting_id = 'meeting-0002'");
      writer.exec("DELETE FROM meetings WHERE id = 'meeting-0002'");
      writer.exec("COMMIT");
      insertMeetings(writer, [meetingWith(3, "2025-11-03T07:00:00+00:00", ["quokka"])]);
      assertEquals(keys(reader, "quokka"), ["meeting-0003"]);
      assertEquals(reader.getTranscript("mt:meeting-0003")?.text, "quokka");
      assertEquals(keys(reader, "zephyr"), []);
      assertEquals(keys(reader, "alpha"), ["meeting-0001"]);
    } finally {
      writer.close();
    }
  });
});

Deno.test("meetily index: past its memory bound it stops growing and newer rows are scanned", () => {
  const first = [meetingWith(1, "2025-11-01T07:00:00+00:00", ["alpha beta", "gamma"])];
  withFixture(first, (store, _reader, path) => {
    const index = new MeetilyIndex(1);
    const query = (text: string) => scanCounts(store, scanQuery(text)!, [], index);
    assertEquals(sorted(query("gamma")), [["meeting-0001", [1]]]);
    assert(index.full);
    const covered = index.coveredRowid;
    const writer = new DatabaseSync(path);
    try {
      insertMeetings(writer, [meetingWith(2, "2025-11-02T07:00:00+00:00", ["gamma ray"])]);
    } finally {
      writer.close();
    }
    assertEquals(sorted(query("gamma")), [["meeting-0001", [1]], ["meeting-0002", [1]]]);
    assertEquals(index.coveredRowid, covered);
  });
});

Deno.test("meetily index: a call stopped while building keeps what was indexed and answers right later", () => {
  // More rows than one build statement reads, so the call is stopped between statements.
  const texts = Array.from({ length: 9_000 }, (_, i) => `row ${i} budget${i % 7} talk`);
  const meetings = [
    meetingWith(1, "2025-11-01T07:00:00+00:00", texts.slice(0, 4_500)),
    meetingWith(2, "2025-11-02T07:00:00+00:00", texts.slice(4_500)),
  ];
  withFixture(meetings, (store) => {
    const index = new MeetilyIndex();
    const query = scanQuery("budget3")!;
    let checks = 0;
    // The first statement checks once per 16 rows and once after; the second is stopped.
    store.setInterruptCheck(() => ++checks > 300 ? "timeout" : null);
    let reason: string | undefined;
    try {
      scanCounts(store, query, [], index);
    } catch (error) {
      reason = error instanceof StoreInterruptedError ? error.reason : String(error);
    }
    assertEquals(reason, "timeout");
    const kept = index.segments;
    assert(kept > 0 && kept < texts.length, `kept ${kept}`);
    store.setInterruptCheck(() => null);
    const indexed = scanCounts(store, query, [], index);
    assertEquals(sorted(indexed), sorted(scanCounts(store, query, [], null)));
    assertEquals(sorted(indexed), [["meeting-0001", [643]], ["meeting-0002", [643]]]);
  });
});
