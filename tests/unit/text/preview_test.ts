import { assert, assertEquals } from "../../helpers/assert.ts";
import { makePreview } from "../../../lib/text/preview.ts";
import { PREVIEW_LENGTH } from "../../../lib/config/limits.ts";

const graphemeCount = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)].length;

Deno.test("preview truncates at the boundary and keeps short text intact", () => {
  assertEquals(makePreview("Kick-off with the agency."), "Kick-off with the agency.");
  const exactly = "x".repeat(PREVIEW_LENGTH);
  assertEquals(makePreview(exactly), exactly);
});

Deno.test("preview truncates at the boundary and marks the cut", () => {
  const text = "y".repeat(PREVIEW_LENGTH + 1);
  assertEquals(makePreview(text), `${"y".repeat(PREVIEW_LENGTH)}…`);
});

Deno.test("preview trims surrounding whitespace, including at the cut", () => {
  assertEquals(makePreview("  \n hello  \n"), "hello");
  const text = `${"a".repeat(PREVIEW_LENGTH - 3)}   ${"b".repeat(50)}`;
  assertEquals(makePreview(text), `${"a".repeat(PREVIEW_LENGTH - 3)}…`);
});

Deno.test("preview counts user-perceived characters and never splits an emoji", () => {
  const family = "👩‍👩‍👧‍👦"; // one grapheme, eleven UTF-16 units
  const text = family.repeat(PREVIEW_LENGTH + 5);
  const preview = makePreview(text)!;
  assertEquals(preview, `${family.repeat(PREVIEW_LENGTH)}…`);
  const skinTone = "👍🏽".repeat(300);
  const cut = makePreview(skinTone)!;
  assertEquals(graphemeCount(cut.slice(0, -1)), PREVIEW_LENGTH);
  assert(cut.slice(0, -1).split("👍🏽").every((part) => part === ""));
});

Deno.test("preview of a prefix defers when the prefix holds too few whole characters", () => {
  const combining = "e\u0301\u0301\u0301\u0301".repeat(100); // 100 graphemes, 500 units
  assertEquals(makePreview(combining, true), undefined);
  assertEquals(makePreview(combining, false), combining);
  assertEquals(makePreview("z".repeat(1000), true), `${"z".repeat(PREVIEW_LENGTH)}…`);
});

Deno.test("preview of plain ASCII and of CRLF text cuts at the same boundary", () => {
  const ascii = "a".repeat(300);
  assertEquals(makePreview(ascii), `${"a".repeat(PREVIEW_LENGTH)}…`);
  // "\r\n" is one user-perceived character, so CRLF text must not take the ASCII path.
  const crlf = "x\r\ny".repeat(100);
  const segments = [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(crlf)];
  const expected = segments.slice(0, PREVIEW_LENGTH).map((s) => s.segment).join("").trimEnd();
  assertEquals(makePreview(crlf), `${expected}…`);
});
