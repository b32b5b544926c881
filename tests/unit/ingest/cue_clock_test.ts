/**
 * Cue timings are read in place, character by character: these tests hold that reading to
 * the grammar, written here once more as a regular expression, over many generated stamps.
 */
import { assertEquals } from "../../helpers/assert.ts";
import { clockMs, cueTiming } from "../../../lib/ingest/cue_clock.ts";

/** The grammar of lib/ingest/cue_clock.ts as a regular expression, and its value. */
function reference(stamp: string): number | null {
  const match = /^(?:([0-9]{1,9}):)?([0-9]{1,2}):([0-9]{2})(?:[.,]([0-9]{1,3}))?$/.exec(stamp);
  if (match === null) return null;
  const [, h, m, s, f] = match;
  const hours = Number(h ?? 0);
  const minutes = Number(m);
  const seconds = Number(s);
  if (seconds > 59 || (h !== undefined && minutes > 59)) return null;
  const fraction = f === undefined
    ? 0
    : Number(f) * (f.length === 1 ? 100 : f.length === 2 ? 10 : 1);
  return ((hours * 60 + minutes) * 60 + seconds) * 1000 + fraction;
}

Deno.test("cue clock: every generated stamp reads as the grammar says", () => {
  const parts = ["", "0", "00", "1", "07", "59", "60", "123", "1234567890", "x"];
  const marks = ["", ".", ",", ":", ";"];
  const fractions = ["", "5", "05", "500", "5000", "a"];
  let checked = 0;
  for (const a of parts) {
    for (const b of parts) {
      for (const c of ["", ...parts]) {
        for (const mark of marks) {
          for (const fraction of fractions) {
            const stamp = `${a}:${b}${c === "" ? "" : `:${c}`}${mark}${fraction}`;
            assertEquals(clockMs(stamp), reference(stamp), stamp);
            checked++;
          }
        }
      }
    }
  }
  assertEquals(checked, 10 * 10 * 11 * 5 * 6);
});

Deno.test("cue timing: the start trimmed as String.trim does, the end up to a space or tab", () => {
  assertEquals(cueTiming("\u00a0\t00:01.000\u3000 -->\u00a000:02.000\talign:start"), {
    startMs: 1000,
    endMs: 2000,
  });
  assertEquals(cueTiming("\ufeff00:01.000 -->   00:02.500 line:90%"), {
    startMs: 1000,
    endMs: 2500,
  });
  assertEquals(cueTiming("00:01.000 --> 00:02.000x"), null);
  assertEquals(cueTiming("00:01.000 x --> 00:02.000"), null);
  assertEquals(cueTiming("00:01.000 -->"), null);
  assertEquals(cueTiming("00:01.000"), null);
});
