import { assertEquals, assertThrows } from "../../helpers/assert.ts";
import { sliceText } from "../../../lib/text/text_slice.ts";

Deno.test("sliceText pages join up exactly and end with nextOffset null", () => {
  const text = "The quick brown fox 🦊 jumps over 👍🏽 the lazy dog 🐶. ".repeat(50);
  for (const size of [2, 3, 7, 64, 1000]) {
    let offset: number | null = 0;
    let joined = "";
    while (offset !== null) {
      const page = sliceText(text, offset, size);
      joined += page.text;
      offset = page.nextOffset;
    }
    assertEquals(joined, text, `page size ${size}`);
  }
});

Deno.test("sliceText never splits a surrogate pair at either end", () => {
  const text = "a🦊b";
  assertEquals(sliceText(text, 0, 2), { text: "a", offset: 0, nextOffset: 1 });
  assertEquals(sliceText(text, 2, 2), { text: "🦊", offset: 1, nextOffset: 3 });
  for (let size = 2; size < 6; size++) {
    for (let offset = 0; offset <= text.length; offset++) {
      const page = sliceText(text, offset, size);
      assertEquals(page.text.isWellFormed(), true, `offset ${offset} size ${size}`);
    }
  }
});

Deno.test("sliceText at the end returns empty text and no next page", () => {
  assertEquals(sliceText("abc", 3, 10), { text: "", offset: 3, nextOffset: null });
  assertEquals(sliceText("", 0, 10), { text: "", offset: 0, nextOffset: null });
});

Deno.test("sliceText refuses offsets outside the text", () => {
  assertThrows(() => sliceText("abc", 4, 10), RangeError);
  assertThrows(() => sliceText("abc", -1, 10), RangeError);
  assertThrows(() => sliceText("abc", 0, 1), RangeError);
});
