/**
 * A structured answer's bytes are those of the answer written as one JSON string.
 */
import { assertEquals } from "../../helpers/assert.ts";
import { structuredAnswerLine } from "../../../lib/protocol/answer_line.ts";
import { serializeToolResult } from "../../../lib/tools/call_tool.ts";

const encoder = new TextEncoder();

Deno.test("a structured answer's bytes equal the JSON of the whole answer, for any text", () => {
  const values = [
    {},
    { plain: "words", n: 1.5, yes: true, none: null, list: [] },
    { quotes: '"quoted" and \\backslashed\\ and \\"both\\"' },
    { controls: "\u0000\u0001\b\f\n\r\t\u001f\u007f" },
    { unicode: "Grüße … 你好 😀 \u2028\u2029", lone: "\ud800 and \udfff" },
    { nested: [{ 'key with "quote"': ["\\", "\u0002"] }] },
  ];
  for (const value of values) {
    const text = JSON.stringify(value);
    const result = { content: [{ type: "text" as const, text }], structuredContent: value };
    for (const id of [0, 42, 'id "quoted" é']) {
      const expected = encoder.encode(
        `${JSON.stringify({ jsonrpc: "2.0", id, result })}\n`,
      );
      assertEquals(structuredAnswerLine(id, text), expected, text);
      // The string form, still built when read, agrees with it.
      const serialized = serializeToolResult(result);
      assertEquals(serialized.structured, text);
      assertEquals(
        encoder.encode(
          `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${serialized.json}}\n`,
        ),
        expected,
      );
    }
  }
});
