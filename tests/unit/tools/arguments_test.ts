/** Every tool's arguments: bad values, missing and unknown ones, foreign cursors, impossible dates. */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { assertToolError } from "../../helpers/tool_error.ts";
import { call, callError, withStore } from "../../helpers/tool_calls.ts";
import { publishTool } from "../../../lib/tools/call_tool.ts";
import { TOOLS } from "../../../lib/tools/registry.ts";

const RFC_3339 = "an RFC 3339 date or date-time such as 2026-11-02 or 2026-11-02T09:30:00Z";
const NOT_A_CURSOR = "not a cursor from this tool; pass nextCursor unchanged or start without one";

/**
 * Bad values for every argument of every published tool, and the whole message each gets.
 * Every argument must appear: a new one without its row fails the test below.
 */
const BAD_ARGUMENTS: Record<string, Record<string, [unknown, string][]>> = {
  list_transcripts: {
    limit: [
      ["twenty", 'expected number, got "twenty"'],
      [2.5, "expected an integer, got 2.5"],
      [null, "expected number, got null"],
    ],
    cursor: [[7, "expected string, got 7"], ["garbage", NOT_A_CURSOR]],
    starred: [["yes", 'expected boolean, got "yes"'], [1, "expected boolean, got 1"]],
    source: [[["meeting"], "expected string, got Array"]],
    sourceName: [
      [7, "expected string, got 7"],
      ["elsewhere", "no source named 'elsewhere'; sources: store"],
    ],
    since: [
      ["yesterday", `expected ${RFC_3339}, got "yesterday"`],
      ["2026-02-30", `expected ${RFC_3339}, got "2026-02-30"`],
      [20261102, "expected string, got 20261102"],
    ],
    until: [
      ["2026-11-02T24:00:00Z", `expected ${RFC_3339}, got "2026-11-02T24:00:00Z"`],
      ["", `expected ${RFC_3339}, got ""`],
    ],
  },
  get_transcript: {
    id: [[42, "expected string, got 42"], [null, "expected string, got null"]],
    offset: [
      [-1, "expected at least 0, got -1"],
      [0.5, "expected an integer, got 0.5"],
      ["10", 'expected number, got "10"'],
    ],
    maxChars: [[1000.5, "expected an integer, got 1000.5"], [true, "expected number, got true"]],
  },
  get_turns: {
    id: [[42, "expected string, got 42"]],
    fromMs: [[-1, "expected at least 0, got -1"], [1.5, "expected an integer, got 1.5"]],
    toMs: [["10", 'expected number, got "10"']],
    aroundMs: [[null, "expected number, got null"]],
    speaker: [[["Ana"], "expected string, got Array"]],
    cursor: [["garbage", NOT_A_CURSOR], [
      "WyJnZXRfdHVybnMiLDEsMCwwLDBd",
      "belongs to other arguments (id, speaker, fromMs, toMs)",
    ]],
    maxChars: [[true, "expected number, got true"]],
  },
  search_transcripts: {
    query: [
      ["", 'expected a non-blank query, got ""'],
      // The tab comes back escaped: messages are one line.
      ["  \t", 'expected a non-blank query, got "  \\t"'],
      ["x".repeat(1001), "expected at most 1000 characters, got 1001"],
      [5, "expected string, got 5"],
    ],
    limit: [[-0.5, "expected an integer, got -0.5"], ["5", 'expected number, got "5"']],
    cursor: [[{}, "expected string, got Object"], ["WyJ4Il0", NOT_A_CURSOR]],
    sourceName: [
      [7, "expected string, got 7"],
      ["elsewhere", "no source named 'elsewhere'; sources: store"],
    ],
    mode: [["semantic", 'expected ("words" | "meaning" | "both"), got "semantic"']],
    since: [
      ["last week", `expected ${RFC_3339}, got "last week"`],
      ["2026-02-30", `expected ${RFC_3339}, got "2026-02-30"`],
    ],
    until: [[20261102, "expected string, got 20261102"]],
    speaker: [
      [["Ana"], "expected string, got Array"],
      ["", "expected at least 1 characters, got 0"],
    ],
  },
  list_tasks: {
    query: [["", 'expected a non-blank query, got ""'], [5, "expected string, got 5"]],
    bucket: [
      [
        "tomorrow",
        'expected ("inbox" | "today" | "week" | "someday" | "done" | "scheduled"), got "tomorrow"',
      ],
    ],
    done: [["no", 'expected boolean, got "no"']],
    sourceName: [
      [7, "expected string, got 7"],
      ["elsewhere", "no source named 'elsewhere'; sources: store"],
    ],
    limit: [[1e400, "expected an integer, got Infinity"]],
    cursor: [[[], "expected string, got Array"]],
  },
};

/** The arguments each tool needs besides the one under test. */
const REQUIRED: Record<string, Record<string, unknown>> = {
  get_transcript: { id: "no-such-id" },
  get_turns: { id: "no-such-id" },
  search_transcripts: { query: "pricing" },
};

Deno.test(
  "every argument's bad values answer invalid_arguments in the house style",
  withStore((store) => {
    for (const tool of TOOLS) {
      const table = BAD_ARGUMENTS[tool.name] ?? {};
      const published = Object.keys(publishTool(tool).inputSchema["properties"] as object);
      assertEquals(Object.keys(table).sort(), published.sort(), `${tool.name}: every argument`);
      for (const [name, cases] of Object.entries(table)) {
        for (const [value, expected] of cases) {
          const args = { ...REQUIRED[tool.name], [name]: value };
          const message = assertToolError(
            callError(store, tool.name, args),
            "invalid_arguments",
          );
          assertEquals(message, `${name}: ${expected}`, `${tool.name} ${JSON.stringify(args)}`);
          // valibot's own wording ("Invalid value: Expected >=0 but received -1") never shows.
          assert(!/Invalid \w+:|Expected|[Rr]eceived/.test(message), message);
        }
      }
    }
  }),
);

Deno.test(
  "missing, unknown and non-object arguments are named",
  withStore((store) => {
    const cases: [string, unknown, string][] = [
      ["get_transcript", {}, "id: required"],
      ["search_transcripts", {}, "query: required"],
      ["list_transcripts", { query: "x" }, "query: unknown argument"],
      ["list_tasks", "all", 'arguments: expected Object, got "all"'],
    ];
    for (const [tool, args, expected] of cases) {
      assertEquals(assertToolError(callError(store, tool, args), "invalid_arguments"), expected);
    }
  }),
);

Deno.test(
  "a cursor from one tool is refused by another",
  withStore((store) => {
    const tasksCursor = call(store, "list_tasks", { limit: 1 }).nextCursor;
    assertToolError(
      callError(store, "list_transcripts", { cursor: tasksCursor }),
      "invalid_arguments",
      /^cursor: /,
    );
    const searchCursor =
      call(store, "search_transcripts", { query: "fixture", limit: 1 }).nextCursor;
    assertToolError(
      callError(store, "search_transcripts", { query: "pricing", cursor: searchCursor }),
      "invalid_arguments",
      /different query/,
    );
  }),
);

Deno.test(
  "dates that do not exist are refused, not rolled over",
  withStore((store) => {
    for (
      const since of ["2026-02-30", "2026-13-01", "2026-11-02T24:00:00Z", "2026-11-02T10:61:00Z"]
    ) {
      assertToolError(
        callError(store, "list_transcripts", { since }),
        "invalid_arguments",
        /^since: /,
      );
    }
    assertEquals(callError(store, "list_transcripts", { since: "2024-02-29" }).isError, undefined);
  }),
);
