import { assertEquals, assertThrows } from "../../helpers/assert.ts";
import { decodeCursor, encodeCursor, InvalidCursorError } from "../../../lib/tools/cursor.ts";

Deno.test("cursor round-trips its values, including non-ASCII text", () => {
  const cursor = encodeCursor("search_transcripts", ["Größe 👍🏽", 40]);
  assertEquals(decodeCursor("search_transcripts", cursor, ["string", "number"]), ["Größe 👍🏽", 40]);
  assertEquals(/^[A-Za-z0-9_-]+$/.test(cursor), true);
});

Deno.test("cursor from another tool or of another shape is refused", () => {
  const cursor = encodeCursor("list_tasks", ["2026-10-01T00:00:00.000Z", "id"]);
  assertThrows(
    () => decodeCursor("list_transcripts", cursor, ["string", "string"]),
    InvalidCursorError,
  );
  assertThrows(() => decodeCursor("list_tasks", cursor, ["string", "number"]), InvalidCursorError);
  assertThrows(() => decodeCursor("list_tasks", cursor, ["string"]), InvalidCursorError);
});

Deno.test("garbage cursors are refused, never thrown through", () => {
  for (const garbage of ["", "!!!", "e30", "bnVsbA", "W10", "%%%", "a".repeat(10_000), "/w=="]) {
    assertThrows(
      () => decodeCursor("list_tasks", garbage, ["string", "string"]),
      InvalidCursorError,
    );
  }
  const negative = encodeCursor("search_transcripts", ["q", -5]);
  assertThrows(
    () => decodeCursor("search_transcripts", negative, ["string", "number"]),
    InvalidCursorError,
  );
});

Deno.test("a cursor is its JSON as unpadded base64url, whatever padding and alphabet", () => {
  // Values chosen so the JSON's length leaves 0, 1 and 2 padding characters, and its bytes
  // hold the base64 characters that base64url replaces ("+" and "/").
  const values: (string | number)[][] = [["a"], ["ab"], ["abc"], ["~~~?>"], ["ÿþ", 1], [
    "Größe 👍🏽",
  ]];
  for (const value of values) {
    const cursor = encodeCursor("k", value);
    const bytes = new TextEncoder().encode(JSON.stringify(["k", ...value]));
    const standard = btoa(String.fromCharCode(...bytes));
    assertEquals(cursor, standard.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, ""));
  }
  const alphabet = values.map((value) => encodeCursor("k", value)).join("");
  assertEquals(/-/.test(alphabet) && /_/.test(alphabet), true);
  const lengths = values.map((value) =>
    new TextEncoder().encode(JSON.stringify(["k", ...value])).length % 3
  );
  assertEquals(new Set(lengths).size, 3);
});
