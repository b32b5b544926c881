/**
 * screenpipe timestamps: the digit-by-digit reading of the form the app writes must answer
 * as the pattern does, to the millisecond, for that form and for every near miss of it.
 */
import { assertEquals } from "../../helpers/assert.ts";
import { parseStamp } from "../../../lib/sources/adapters/screenpipe_stamp.ts";

/** The documented reading, by the pattern alone: what parseStamp must answer. */
function byPattern(text: string): number {
  const found =
    /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?\s*(Z|[+-]\d{2}:?\d{2})?/i
      .exec(text.trim());
  if (found === null) return NaN;
  const [, y, mo, d, h, mi, s, fraction, zone] = found;
  let ms = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!) +
    Math.floor(Number(`0.${fraction ?? "0"}`) * 1000);
  if (zone !== undefined && zone.toUpperCase() !== "Z") {
    const digits = zone.slice(1).replace(":", "");
    const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
    ms -= (zone[0] === "-" ? -1 : 1) * minutes * 60_000;
  }
  return ms;
}

/** A seeded generator of numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

Deno.test("parseStamp reads the app's own forms to the millisecond", () => {
  assertEquals(
    parseStamp("2026-02-15T16:41:24.123456+00:00"),
    Date.UTC(2026, 1, 15, 16, 41, 24, 123),
  );
  assertEquals(parseStamp("2026-02-15T16:41:24+00:00"), Date.UTC(2026, 1, 15, 16, 41, 24));
  assertEquals(parseStamp("2026-02-15 16:41:24"), Date.UTC(2026, 1, 15, 16, 41, 24));
  assertEquals(parseStamp("2026-02-15t16:41:24.5z"), Date.UTC(2026, 1, 15, 16, 41, 24, 500));
  assertEquals(parseStamp("2026-02-15T18:41:24+02:00"), Date.UTC(2026, 1, 15, 16, 41, 24));
  assertEquals(parseStamp("2026-02-15T14:11:24-0230"), Date.UTC(2026, 1, 15, 16, 41, 24));
});

Deno.test("parseStamp answers near misses of the app's form as the pattern does", () => {
  for (
    const text of [
      " 2026-02-15T16:41:24Z", // leading space
      "2026-02-15T16:41:24 +02:00", // space before the zone
      "2026-02-15T16:41:24\t-01:00",
      "2026-02-15T16:41:24\u00a0+02:00",
      "2026-02-15T16:41:24.+02:00", // a point without digits: no zone either
      "2026-02-15T16:41:24+02:3", // a zone cut short is no zone
      "2026-02-15T16:41:24+023",
      "2026-02-15T16:41:24+2:30",
      "2026-02-15T16:41:24+02:30trailing",
      "2026-02-15T16:41:24.999999999Z",
      "2026-00-00T24:60:60Z", // out of range: Date.UTC carries over
      "0026-02-15T16:41:24Z", // years 0–99 are Date.UTC's 1900–1999
      "2026-02-15X16:41:24Z",
      "2026-02-15T16:41:2",
      "2026-2-15T16:41:24Z",
      "２０２６-02-15T16:41:24Z",
      "",
      "yesterday",
    ]
  ) {
    assertEquals(parseStamp(text), byPattern(text), JSON.stringify(text));
  }
});

Deno.test("parseStamp agrees with the pattern on generated stamps across thousands of days", () => {
  const random = seeded(7);
  const pick = <T>(options: readonly T[]): T => options[Math.floor(random() * options.length)]!;
  const two = (max: number) => String(Math.floor(random() * max)).padStart(2, "0");
  // More days than the day starts kept, so kept starts are dropped and worked out anew.
  for (let i = 0; i < 20_000; i++) {
    const year = String(1990 + Math.floor(random() * 60)).padStart(4, "0");
    const fraction = pick(["", ".", `.${Math.floor(random() * 1e9)}`, `.${two(100)}`]);
    const zone = pick(["", "Z", "z", "+00:00", `-${two(24)}:${two(60)}`, `+${two(24)}${two(60)}`]);
    const text = `${year}-${two(13)}-${two(32)}${pick(["T", "t", " "])}${two(25)}:${two(61)}:${
      two(61)
    }${fraction}${pick(["", " "])}${zone}`;
    assertEquals(parseStamp(text), byPattern(text), text);
  }
});
