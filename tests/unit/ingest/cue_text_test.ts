/**
 * Cue payload cleaning and cue timestamps, including the inputs that make naive scanners
 * quadratic: long runs of `<` or `{\` with no closer, and a timing line of a million digits.
 */
import { assertEquals } from "../../helpers/assert.ts";
import { cleanCueText, nextVoice } from "../../../lib/ingest/cue_text.ts";
import { clockMs, cueTiming } from "../../../lib/ingest/cue_clock.ts";
import { readTranscriptFile } from "../../../lib/ingest/read_transcript_file.ts";
import { utf8Bytes } from "../../helpers/subtitle_fixtures.ts";

Deno.test("cue text: tags, overrides and entities go; text that only looks like them stays", () => {
  const cases: [string, string][] = [
    ["<v Ann>Fish &amp; <i>chips</i></v>", "Fish & chips"],
    ["<c.yellow.bg_blue>so</c> <00:00:01.200><c>we</c>", "so we"],
    ["<ruby>漢<rt>kan</rt></ruby>", "漢kan"],
    ["{\\an8}{\\i1}Top{\\i0} line", "Top line"],
    ["a < b, c > d, {not an override}", "a < b, c > d, {not an override}"],
    ["&lt;b&gt; is &quot;bold&quot;&nbsp;&#8212;&#x1F3A4;&lrm;", '<b> is "bold" —🎤'],
    ["&unknown; &#0; &#x110000; & alone", "&unknown; &#0; &#x110000; & alone"],
    // A surrogate alone is no character (it would leave text that is not UTF-16).
    ["&#xD800;&#56320; kept", "&#xD800;&#56320; kept"],
    ["  spaced \t out\u00a0 ", "spaced out"],
  ];
  for (const [payload, text] of cases) assertEquals(cleanCueText(payload), text, payload);
});

Deno.test("cue text: the voice is the first <v> span's name, class or not", () => {
  const voiceOf = (payload: string) => nextVoice(payload, 0)?.name ?? null;
  assertEquals(voiceOf("<v.loud.first Ann Lee>Hi</v>"), "Ann Lee");
  assertEquals(voiceOf("<i>aside</i> <v Omar>Hi"), "Omar");
  assertEquals(voiceOf("<video> <var>x</var>"), null);
  assertEquals(voiceOf("<v >nameless"), null);
  assertEquals(voiceOf("<v Ann"), null);
  assertEquals(nextVoice("<v Ann>Hi. <v\tBen Ode>Yo.", 7), { at: 11, end: 22, name: "Ben Ode" });
});

Deno.test("cue clock: hours optional, `,` or `.`, short fractions, bad fields refused", () => {
  assertEquals(
    ["00:00:01.500", "1:02:03,004", "59:59.999", "75:00.000", "0:00:01,5", "00:00:02"].map(
      clockMs,
    ),
    [1500, 3723004, 3599999, 4500000, 1500, 2000],
  );
  assertEquals(
    ["00:60.000", "1:60:00.000", "00:00:01.5000", "1:2", "-00:01.000", ""].map(clockMs),
    [
      null,
      null,
      null,
      null,
      null,
      null,
    ],
  );
  assertEquals(cueTiming("00:00:05.000 --> 00:00:04.000"), { startMs: 5000, endMs: 5000 });
  assertEquals(cueTiming("00:01.000-->00:02.000 line:0"), { startMs: 1000, endMs: 2000 });
});

Deno.test("cue text: pathological payloads are read in one pass and kept as text", () => {
  const opens = "<".repeat(200_000);
  assertEquals(cleanCueText(`${opens}b>tail`), `${opens.slice(1)}tail`);
  assertEquals(cleanCueText(`${opens}tail`), `${opens}tail`);
  const overrides = "{\\".repeat(100_000);
  assertEquals(cleanCueText(overrides), overrides);
  const line = `00:00:01.000 --> ${"1".repeat(1_000_000)}`;
  const outcome = readTranscriptFile(utf8Bytes(`WEBVTT\n\n${line}\nHi\n`), "huge.vtt");
  assertEquals(
    outcome.kind === "skipped" && outcome.reason.startsWith("line 3 is not a cue timing"),
    true,
  );
});
