/**
 * A structured answer's bytes are those of the answer written as one JSON string.
 */
import { assertEquals } from "../../helpers/assert.ts";
import { structuredAnswerLine, toolAnswerLine } from "../../../lib/protocol/answer_line.ts";
import { toolCallResult } from "../../../lib/protocol/tool_result.ts";
import { toolErrorOutcome } from "../../../lib/tools/call_tool.ts";

const encoder = new TextEncoder();

Deno.test("a structured answer's bytes equal the JSON of the whole answer, for any text", () => {
  const values = [
    {},
    { plain: "words", n: 1.5, yes: true, none: null, list: [] },
    { quotes: '"quoted" and \\backslashed\\ and \\"both\\"' },
    { controls: "\u0000\u0001\b\f\n\r\t\u001f\u007f" },
    { unicode: "Grüße … 你好 😀 \u2028\u2029", lone: "\ud800 and \udfff" },
    { nested: [{ 'key with "quote"': ["\\", "\u0002"] }] },
    // Large answers, ASCII and not, then a small one.
    { long: '"x" '.repeat(100_000), wide: "é…".repeat(1_000) },
    { long: "é…".repeat(200_000) },
    { page: 'a said "b" '.repeat(3_000) },
    { plain: "after" },
  ];
  for (const value of values) {
    const text = JSON.stringify(value);
    const result = { content: [{ type: "text" as const, text }], structuredContent: value };
    for (const id of [0, 42, 'id "quoted" é']) {
      const expected = encoder.encode(
        `${JSON.stringify({ jsonrpc: "2.0", id, result })}\n`,
      );
      assertEquals(structuredAnswerLine(id, text), expected, text);
      // The line made from the call's outcome is the same, and so is its MCP result.
      const outcome = { ok: true as const, structuredJson: text };
      assertEquals(toolAnswerLine(id, outcome), expected, text);
      assertEquals(toolCallResult(outcome), result);
    }
  }
});

Deno.test("a tool error's answer line is the JSON of its MCP result, message escaped", () => {
  for (const message of ["Transcript x not found", 'got "twenty"\nand \\ more …']) {
    const outcome = toolErrorOutcome("invalid_arguments", message);
    const text = JSON.stringify({ error: { code: "invalid_arguments", message: outcome.message } });
    const result = { content: [{ type: "text" as const, text }], isError: true };
    assertEquals(toolCallResult(outcome), result);
    for (const id of [0, 'a"b']) {
      assertEquals(
        toolAnswerLine(id, outcome),
        encoder.encode(`${JSON.stringify({ jsonrpc: "2.0", id, result })}\n`),
      );
    }
  }
});
