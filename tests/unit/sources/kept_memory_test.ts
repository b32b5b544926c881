/**
 * One bound per thread on what sources keep for search: keepers hold their bytes against
 * it, and a keeper that finds no room stops growing, its rows left to the scan, so several
 * large sources cannot run a thread out of heap (which ends the whole process).
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { buildMeetilyFixture, meetingWith } from "../../helpers/meetily_fixture.ts";
import { openDatabaseSource } from "../../../lib/sources/open_source.ts";
import { KeptMemory } from "../../../lib/sources/kept_memory.ts";
import { MeetilyIndex } from "../../../lib/sources/adapters/meetily_index.ts";
import { scanCounts } from "../../../lib/sources/adapters/meetily_search.ts";
import { scanQuery } from "../../../lib/sources/adapters/scan_search.ts";

Deno.test("KeptMemory: keepers' bytes add up against one bound, and a release frees room", () => {
  const memory = new KeptMemory(100);
  const first = memory.holding();
  const second = memory.holding();
  assert(first.hold(60));
  assert(second.hold(40));
  assertEquals(memory.heldBytes(), 100);
  assert(!second.hold(41), "101 bytes are past the bound");
  assert(first.hold(0));
  assert(second.hold(100));
});

Deno.test("Meetily index: a second source's index stops growing when the thread's bound is held", () => {
  // More rows than one build statement reads, so a full index holds fewer rows.
  const texts = Array.from({ length: 12_000 }, (_, i) => `row ${i} budget${i % 7} talk`);
  const fixture = buildMeetilyFixture({
    meetings: [
      meetingWith(1, "2025-11-01T07:00:00+00:00", texts.slice(0, 6_000)),
      meetingWith(2, "2025-11-02T07:00:00+00:00", texts.slice(6_000)),
    ],
  });
  const { store } = openDatabaseSource(fixture.path, { name: "mt" });
  try {
    const query = scanQuery("budget3")!;
    const counts = (index: MeetilyIndex) =>
      [...scanCounts(store, query, [], index).counts].map(([id, c]) => [id, c.segments]);
    // Room for one whole index, not two.
    const alone = new MeetilyIndex();
    const expected = counts(alone);
    const memory = new KeptMemory(alone.bytes + alone.bytes / 2);
    const first = new MeetilyIndex(undefined, memory);
    const second = new MeetilyIndex(undefined, memory);
    assertEquals(counts(first), expected);
    assert(!first.full);
    assertEquals(counts(second), expected, "the rows it does not hold are scanned");
    assert(second.full);
    assert(second.coveredRowid < first.coveredRowid);
    // The first index replaced (its source's rows reused): its room goes to the next.
    first.release();
    const third = new MeetilyIndex(undefined, memory);
    assertEquals(counts(third), expected);
    assert(third.coveredRowid > second.coveredRowid);
  } finally {
    store.close();
    fixture.cleanup();
  }
});
