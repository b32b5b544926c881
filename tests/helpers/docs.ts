/**
 * Reading the project's docs for the tests that hold them to the code
 * (tests/project/docs_*_test.ts): the README and docs pages as a Linux checkout has them, and
 * the sections, tables, code blocks and quantities they are read by. Limits are read from tables
 * and numbers, not whole sentences, so the prose around them can be rewritten freely.
 */
import { assert } from "./assert.ts";

/** A parsed JSON value, such as a published tool's schema, whose fields a test reads freely. */
// deno-lint-ignore no-explicit-any
export type Json = any;

/** A project file's text, with line ends as a Linux checkout has them. */
export function read(path: string): string {
  return Deno.readTextFileSync(new URL(`../../${path}`, import.meta.url)).replaceAll("\r\n", "\n");
}

/** The README's text. */
export const readme = read("README.md");

/** The pages under docs/, each linked from the README. */
export const DOC_PAGES = [
  "architecture",
  "build",
  "cli",
  "install",
  "performance",
  "protocol",
  "security",
  "seed_tools",
  "sources",
  "store",
  "tools",
] as const;

/** Each docs page's text, by page name. */
export const docs = Object.fromEntries(
  DOC_PAGES.map((page) => [page, read(`docs/${page}.md`)]),
) as Record<(typeof DOC_PAGES)[number], string>;

/** deno.json, parsed. */
export const denoJson = JSON.parse(read("deno.json"));

/** The fenced code block between two HTML comment markers. */
export function fencedBetween(text: string, start: string, end: string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  assert(from !== -1 && to !== -1, `markers ${start} … ${end}`);
  const fenced = /```\w*\n([\s\S]*?)```/.exec(text.slice(from, to));
  assert(fenced !== null, `a code block between ${start} and ${end}`);
  return fenced[1]!;
}

/** The text under the heading `title` (any level), up to the next heading of that level or above. */
export function section(text: string, title: string): string {
  const heading = new RegExp(`^(#+) ${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "m")
    .exec(text);
  assert(heading !== null, `a section "${title}"`);
  const rest = text.slice(heading.index + heading[0].length);
  const next = new RegExp(`^#{1,${heading[1]!.length}} `, "m").exec(rest);
  return next === null ? rest : rest.slice(0, next.index);
}

/** Every number written in `text`, with thousands separators read: "1,000–200,000" → [1000, 200000]. */
export function numbersIn(text: string): number[] {
  return [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => Number(m[0].replaceAll(",", "")));
}

// The units and number words the docs write quantities in, in the code's units (bytes, ms).
const UNITS: Record<string, number> = {
  MiB: 1024 * 1024,
  KiB: 1024,
  s: 1000,
  ms: 1,
  seconds: 1000,
};
const NUMBER_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, ten: 10 };

const QUANTITY = /(\d[\d,]*|two|three|four|ten)\s*(MiB|KiB|ms|seconds|s)?\b/g;

/** Every quantity in `text`, in the code's units (bytes, ms): "5 s, at most 600 s" → [5000, 600000]. */
export function quantities(text: string): number[] {
  return [...text.matchAll(QUANTITY)].map((match) => {
    const value = NUMBER_WORDS[match[1]!] ?? Number(match[1]!.replaceAll(",", ""));
    return value * (match[2] === undefined ? 1 : UNITS[match[2]]!);
  });
}

/** The one quantity in `text`: "8 MiB" → 8388608, "5 s" → 5000, "four" → 4. */
export function quantity(text: string): number {
  const [first, ...rest] = quantities(text);
  assert(first !== undefined && rest.length === 0, `one quantity in "${text}"`);
  return first;
}

/** The quantity `pattern`'s first group captures in `text`. */
export function stated(text: string, pattern: RegExp): number {
  const match = pattern.exec(text.replace(/\s+/g, " "));
  assert(match !== null, `the docs state ${pattern}`);
  return quantity(match[1]!);
}

/** A Markdown table's rows, first cell → the other cells, skipping the header and rule rows. */
export function tableRows(text: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    if (!line.startsWith("|") || /^[\s|:-]+$/.test(line)) continue;
    const cells = line.slice(1, -1).split("|").map((cell) => cell.trim());
    rows.set(cells[0]!, cells.slice(1));
  }
  return rows;
}

/** The cell after `label` in one of `text`'s tables. */
export function cell(text: string, label: string): string {
  const row = tableRows(text).get(label);
  assert(row !== undefined, `a table row "${label}"`);
  return row.join(" | ");
}
