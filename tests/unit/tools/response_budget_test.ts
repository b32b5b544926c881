/**
 * The payload budget: how many items of a page fit, at and around the boundary.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { countFitting, fitPage, jsonBytesAtMost } from "../../../lib/tools/response_budget.ts";
import { PAYLOAD_BUDGET_BYTES } from "../../../lib/config/limits.ts";

const encoder = new TextEncoder();

/** The rule, item by item: stop before the first item that would pass the budget. */
function fittingByItem(items: readonly unknown[], overheadBytes: number): number {
  let used = overheadBytes;
  for (let i = 0; i < items.length; i++) {
    used += encoder.encode(JSON.stringify(items[i])).length + 1;
    if (used > PAYLOAD_BUDGET_BYTES) return Math.max(1, i);
  }
  return items.length;
}

Deno.test("countFitting keeps every item up to the budget's last byte, and not one byte past", () => {
  // Ten items of 1,000 JSON bytes each ("x" * 998 in quotes), in ASCII and in 3-byte text.
  for (const unit of ["x", "€"]) {
    const item = unit.repeat(Math.floor(998 / encoder.encode(unit).length));
    const itemBytes = encoder.encode(JSON.stringify(item)).length;
    const items = Array.from({ length: 10 }, () => item);
    const allBytes = items.length * (itemBytes + 1);
    for (const slack of [-2, -1, 0, 1, 2, itemBytes, itemBytes + 1, itemBytes + 2]) {
      const overhead = PAYLOAD_BUDGET_BYTES - allBytes + slack;
      const expected = fittingByItem(items, overhead);
      assertEquals(countFitting(items, overhead), expected, `${unit}, slack ${slack}`);
      assertEquals(expected === items.length, slack <= 0, `${unit}, slack ${slack}`);
    }
  }
});

Deno.test("countFitting always keeps the first item, however large", () => {
  const huge = "y".repeat(PAYLOAD_BUDGET_BYTES * 2);
  assertEquals(countFitting([huge, "a", "b"], 100), 1);
  assertEquals(countFitting([], 100), 0);
});

Deno.test("fitPage gives a cursor after the last row kept, only when more follow", () => {
  const rows = [1, 2, 3].map((pk) => ({ pk }));
  const after = (last: { pk: number }, kept: number) => `${last.pk}/${kept}`;
  // One row more than shown: more follow.
  assertEquals(fitPage(rows, rows.slice(0, 2), 100, after), {
    items: rows.slice(0, 2),
    nextCursor: "2/2",
  });
  // Every row shown: the last page.
  assertEquals(fitPage(rows, rows, 100, after), { items: rows, nextCursor: null });
  // The budget ends the page early, at the first item: more follow from there.
  const huge = ["y".repeat(PAYLOAD_BUDGET_BYTES), "a", "b"];
  assertEquals(fitPage(rows, huge, 100, after), { items: [huge[0]], nextCursor: "1/1" });
});

Deno.test("jsonBytesAtMost is never below the JSON's UTF-8 length, whatever the values", () => {
  const values: unknown[] = [
    "",
    "plain",
    '\u0000\u001f\n"\\',
    "€😀\ud800\udc00",
    "\ud800 lone \udfff",
    -0.0000012345678901234567,
    -1.2345678901234567e-7,
    -Number.MAX_VALUE,
    NaN,
    true,
    false,
    null,
    [],
    {},
    [undefined, 1, "x"],
    { skipped: undefined, kept: 1 },
    { 'k\u0001"': ["\u0002", { nested: [null, 12345.678] }] },
  ];
  for (const value of [...values, values]) {
    const exact = encoder.encode(JSON.stringify(value) ?? "").length;
    assert(jsonBytesAtMost(value) >= exact, `${JSON.stringify(value)}: ${exact} bytes`);
  }
  assertEquals(jsonBytesAtMost(new Date(0)), Infinity);
  assertEquals(jsonBytesAtMost(1n), Infinity);
});

Deno.test("countFitting takes every item of a page well inside the budget, as the rule does", () => {
  const items = Array.from({ length: 200 }, (_, i) => ({ id: `t-${i}`, text: "€".repeat(i) }));
  assertEquals(countFitting(items, 100), fittingByItem(items, 100));
  assertEquals(countFitting(items, 100), items.length);
});
