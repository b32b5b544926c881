/**
 * Facts kept per screenpipe sitting: one heavier than all that is kept lasts the call that
 * made it (a get_turns page reads its sitting batch by batch) and no longer.
 */
import { assertEquals } from "../../helpers/assert.ts";
import { KeptSittings } from "../../../lib/sources/adapters/screenpipe_kept.ts";
import type {
  Looked,
  ScreenpipeChanges,
} from "../../../lib/sources/adapters/screenpipe_changes.ts";
import type { Sitting } from "../../../lib/sources/adapters/screenpipe_sittings.ts";
import { withCallClock } from "../../../lib/sources/call_clock.ts";

/** Changes that report what the test sets. */
function changesOf(looked: Looked): ScreenpipeChanges {
  return { look: () => ({ ...looked }) } as unknown as ScreenpipeChanges;
}

function sitting(id: number, end: string): Sitting {
  return {
    start: { id, ts: "2026-04-07T09:00:00+00:00", ms: Date.UTC(2026, 3, 7, 9) },
    end: { id: id + 10, ts: end, ms: Date.parse(end) },
  };
}

const LATER = "2026-04-07T20:00:00+00:00";
const EARLY_END = "2026-04-07T10:00:00+00:00";

/** Kept facts within a weight of 10, each weighing its length, and a count of makes. */
function keeper(looked: Looked) {
  let made = 0;
  const kept = new KeptSittings<string>(changesOf(looked), 10, (value) => value.length);
  const get = (of: Sitting, value: string) =>
    kept.get(of, () => {
      made++;
      return value;
    });
  return { get, made: () => made };
}

Deno.test("KeptSittings: a fact over the limit is made once within a call", () => {
  const looked = { version: 1, rowsEpoch: 0, detailEpoch: 0, changingFrom: LATER };
  const { get, made } = keeper(looked);
  const day = sitting(1, EARLY_END);
  withCallClock(() => {
    assertEquals(get(day, "x".repeat(50)), "x".repeat(50));
    assertEquals(get(day, "never made"), "x".repeat(50));
    // Another sitting, light, does not push the heavy one out within the call.
    assertEquals(get(sitting(2, EARLY_END), "light"), "light");
    assertEquals(get(day, "never made"), "x".repeat(50));
  });
  assertEquals(made(), 2);
});

Deno.test("KeptSittings: a fact over the limit is let go when its call ends", () => {
  const looked = { version: 1, rowsEpoch: 0, detailEpoch: 0, changingFrom: LATER };
  const { get, made } = keeper(looked);
  const day = sitting(1, EARLY_END);
  withCallClock(() => get(day, "x".repeat(50)));
  withCallClock(() => assertEquals(get(day, "y".repeat(50)), "y".repeat(50)));
  // Outside a call nothing heavy is held at all.
  get(day, "z".repeat(50));
  assertEquals(get(day, "w".repeat(50)), "w".repeat(50));
  assertEquals(made(), 4);
  // A light fact is kept between calls, as before.
  withCallClock(() => get(sitting(3, EARLY_END), "light"));
  withCallClock(() => assertEquals(get(sitting(3, EARLY_END), "again"), "light"));
});

Deno.test("KeptSittings: a change within the call drops the heavy fact it may have made stale", () => {
  const looked: Looked = { version: 1, rowsEpoch: 0, detailEpoch: 0, changingFrom: LATER };
  const { get, made } = keeper(looked);
  withCallClock(() => {
    const growing = sitting(1, "2026-04-07T21:00:00+00:00");
    get(growing, "x".repeat(50));
    // An append after the sitting began: the newest sitting may have grown.
    looked.version = 2;
    assertEquals(get(growing, "y".repeat(50)), "y".repeat(50));
    // Anything but appends: nothing kept is current.
    looked.version = 3;
    looked.detailEpoch = 1;
    assertEquals(get(growing, "z".repeat(50)), "z".repeat(50));
  });
  assertEquals(made(), 3);
});

Deno.test("KeptSittings: a sitting that ends at another row than its fact's is read again", () => {
  // No look tells this change: the app wrote after the sitting's bounds were read and before
  // the database was looked at, so the fact was made of rows up to the old end.
  const looked = { version: 1, rowsEpoch: 0, detailEpoch: 0, changingFrom: LATER };
  const { get, made } = keeper(looked);
  assertEquals(get(sitting(1, EARLY_END), "turn 6"), "turn 6");
  const grown = sitting(1, "2026-04-07T10:05:00+00:00");
  assertEquals(get(grown, "turn 7"), "turn 7");
  assertEquals(get(grown, "never"), "turn 7");
  // The same timestamp, a later row: grown too.
  const later = { ...grown, end: { ...grown.end, id: grown.end.id + 1 } };
  assertEquals(get(later, "a row"), "a row");
  withCallClock(() => {
    assertEquals(get(later, "x".repeat(50)), "a row");
    const heavy = sitting(2, EARLY_END);
    get(heavy, "y".repeat(50));
    const heavyGrown = { ...heavy, end: { ...heavy.end, id: heavy.end.id + 1 } };
    assertEquals(get(heavyGrown, "z".repeat(50)), "z".repeat(50));
  });
  assertEquals(made(), 5);
});
