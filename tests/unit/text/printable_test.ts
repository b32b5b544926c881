/**
 * Client text quoted in messages stays on one line and within its length.
 */
import { assertEquals } from "../../helpers/assert.ts";
import { printable } from "../../../lib/text/printable.ts";

Deno.test("printable keeps quoted client text to one line and cuts long text", () => {
  assertEquals(printable("get_tra\nscript"), "get_tra\\nscript");
  assertEquals(printable('got "twenty"'), 'got "twenty"');
  assertEquals(printable("a\u0000b\u2028c"), "a\\u0000b\\u2028c");
  assertEquals(printable("x".repeat(300), 10), `${"x".repeat(10)}…`);
});
