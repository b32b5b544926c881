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
