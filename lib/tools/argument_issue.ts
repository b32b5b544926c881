/**
 * Argument errors in one style, `limit: expected number, got "twenty"`, whatever valibot
 * check raised them: its own default messages (`Invalid value: Expected >=0 but received
 * -1`) never reach a client.
 *
 * @module
 */
import type * as v from "valibot";

/**
 * What a failed validation action expected, in words. A `check` carries its expectation as
 * its message (`v.check(isDate, "an RFC 3339 date")`): valibot has no words for a predicate.
 */
function expectation(issue: v.BaseIssue<unknown>): string {
  const requirement = issue.requirement;
  const unit = typeof issue.input === "string" ? "characters" : "items";
  switch (issue.type) {
    case "check":
      return issue.message;
    case "integer":
      return "an integer";
    case "safe_integer":
      return "a safe integer";
    case "finite":
      return "a finite number";
    case "min_value":
      return `at least ${requirement}`;
    case "max_value":
      return `at most ${requirement}`;
    case "min_length":
      return `at least ${requirement} ${unit}`;
    case "max_length":
      return `at most ${requirement} ${unit}`;
    case "length":
      return `exactly ${requirement} ${unit}`;
    case "non_empty":
      return "a non-empty value";
    case "regex":
      return `text matching ${requirement}`;
    default:
      // valibot's own shorthand, such as ">=0": terse, but in the house style.
      return issue.expected ?? "a valid value";
  }
}

/**
 * One argument error as the client reads it: the field, then what was expected and what
 * came. Missing and unknown arguments say just that.
 *
 * @example
 * ```ts
 * import * as v from "valibot";
 * import { describeIssue } from "./argument_issue.ts";
 * const schema = v.object({ offset: v.pipe(v.number(), v.minValue(0)) });
 * const result = v.safeParse(schema, { offset: -1 });
 * describeIssue(result.issues![0]); // "offset: expected at least 0, got -1"
 * ```
 */
export function describeIssue(issue: v.BaseIssue<unknown>): string {
  const path = issue.path?.map((item) => String(item.key)).join(".") ?? "";
  const field = path === "" ? "arguments" : path;
  if (issue.received === "undefined") return `${field}: required`;
  if (issue.type === "strict_object" && issue.path !== undefined) {
    return `${field}: unknown argument`;
  }
  const expected = issue.kind === "schema" ? issue.expected : expectation(issue);
  return `${field}: expected ${expected}, got ${issue.received}`;
}
