import { assert, assertEquals, assertMatch } from "../../helpers/assert.ts";
import { matchWindow, SnippetMaker } from "../../../lib/search/snippet.ts";

const snippets = new SnippetMaker(["«", "»"]);

Deno.test("matchWindow keeps short text whole and centres long text on the first match", () => {
  assertEquals(matchWindow("short text", "text"), "short text");
  const long = `${"filler ".repeat(1_000)}the pricing page ${"after ".repeat(1_000)}`;
  const window = matchWindow(long, "pricing");
  assert(window.includes("the pricing page"));
  assert(window.length < 2_000, `bounded: ${window.length}`);
  assert(window.startsWith("… ") && window.endsWith(" …"), "cuts are marked");
});

Deno.test("matchWindow finds stemmed and accented forms", () => {
  const long = `${"a ".repeat(2_000)}Grösse und Preise ${"b ".repeat(2_000)}`;
  assert(matchWindow(long, "grosse").includes("Grösse"));
  assert(matchWindow(long, "GRÖSSE").includes("Grösse"));
  assert(matchWindow(`${"x ".repeat(2_000)}we priced it`, "pricing").includes("priced"));
});

Deno.test("snippets mark matches with FTS5's own tokenizer, one per hit, in order", () => {
  const marked = snippets.makeAll([
    { title: "Budget", text: "We priced the plan and reviewed pricing." },
    { title: "Pricing review", text: "Nothing else here." },
    { title: "Other", text: `${"noise ".repeat(3_000)}late pricing mention` },
  ], "pricing");
  assertEquals(marked.length, 3);
  assertMatch(marked[0]!, /«priced».*«pricing»/);
  assertMatch(marked[1]!, /«Pricing» review/);
  assertMatch(marked[2]!, /late «pricing» mention/);
});

Deno.test("a hit whose match lies outside every window gets the window's start, unmarked", () => {
  const [snippet] = snippets.makeAll([{ title: "t", text: "alpha beta gamma" }], "delta");
  assertEquals(snippet, "alpha beta gamma");
});

Deno.test("a text where every word matches still gets a short snippet", () => {
  const [snippet] = snippets.makeAll([{ title: "la", text: "la ".repeat(20_000) }], "la");
  assertMatch(snippet!, /«la»/);
  assert(snippet!.length < 400);
});

Deno.test("a window in text without spaces is cut where it is, and still holds the match", () => {
  const cjk = `${"字".repeat(2_000)}価格${"字".repeat(2_000)}`;
  const window = matchWindow(cjk, "価格");
  assert(window.includes("価格"), "the match is in the window");
  assert(window.length < 2_000);
  const dotted = `${"İ".repeat(900)} pricing ${"x ".repeat(900)}`;
  assert(matchWindow(dotted, "pricing").includes("pricing"), "offsets survive lower-casing");
});

Deno.test("matchWindow prefers a phrase's words in sequence, then whole words, to prefixes", () => {
  const filler = "filler ".repeat(400);
  const phrase = `${filler}a risky churning ${filler}the churn risk is real ${filler}`;
  assert(matchWindow(phrase, '"churn risk"').includes("churn risk is real"));
  const word = `${filler}the churchyard ${filler}we saw churn ${filler}`;
  assert(matchWindow(word, "churn").includes("we saw churn"));
  assert(!matchWindow(word, "churn").includes("churchyard"), "the earlier prefix is passed over");
});

Deno.test("matchWindow on a text's start decides only when the best pattern occurs there", () => {
  const filler = "filler ".repeat(1_000);
  const full = `${filler}the churn risk is real${filler}a churn${filler}`;
  const head = full.slice(0, 7_500);
  // The phrase is in the start, with room for a window: the same window as the whole text.
  assertEquals(matchWindow(head, '"churn risk"', true), matchWindow(full, '"churn risk"'));
  // Only a lesser pattern (one word) in the start: the phrase may come later.
  const wordsOnly = `${filler}a churn and a risk${filler}`;
  assertEquals(matchWindow(wordsOnly.slice(0, 8_000), '"churn risk"', true), undefined);
  // No match in the start at all, or one too near its end to hold a window.
  assertEquals(matchWindow(filler, "churn", true), undefined);
  assertEquals(matchWindow(`${filler}churn`, "churn", true), undefined);
  // A start too short for a window says nothing either.
  assertEquals(matchWindow("churn", "churn", true), undefined);
});

Deno.test("a whole word with an everyday ending is preferred to a longer word with its start", () => {
  const filler = "filler ".repeat(400);
  const text = `${filler}the policy ${filler}our plans for pol 358 ${filler}`;
  assert(matchWindow(text, "pol").includes("our plans for pol 358"), "pol, not policy");
  assert(matchWindow(text, "plan").includes("our plans"), "plans counts as plan");
});

Deno.test("a window holding only some of the query's words still gets them marked", () => {
  const filler = "filler ".repeat(400);
  const far = `${filler}the plan is late ${filler} a zebra ${filler}`;
  const near = `${filler}the plan for a zebra ${filler}`;
  const [some, all] = snippets.makeAll([
    { title: "t", text: far },
    { title: "t", text: near },
  ], "plan zebra");
  assertMatch(some!, /the «plan» is late/);
  // The other hit's window holds the whole query: its snippet keeps both marks.
  assertMatch(all!, /the «plan» for a «zebra»/);
});

Deno.test("column filters, NEAR distances and prefix stars are syntax, not words to look for", () => {
  const filler = "filler ".repeat(400);
  const text =
    `${filler}the text says 5 things ${filler}our database grew ${filler}budget talk ${filler}`;
  assert(matchWindow(text, "text:budget").includes("budget talk"), "text: is a column filter");
  assert(matchWindow(text, "NEAR(budget talk, 5)").includes("budget talk"), "5 is a distance");
  const head = text.slice(0, 8_000);
  assert(matchWindow(head, "data*", true)?.includes("our database grew"), "data* is a prefix");
});

Deno.test("inside quotes, a colon or a number is part of the words to find", () => {
  const filler = "filler ".repeat(400);
  const text = `${filler}it took 30 minutes ${filler}we meet at 10:30 today ${filler}`;
  assert(matchWindow(text, '"10:30"').includes("we meet at 10:30 today"));
});

Deno.test("matchWindow looks for each call's own query, whatever the call before looked for", () => {
  const filler = "x ".repeat(1_000);
  const text = `${filler}alpha ${filler}beta ${filler}`;
  for (const [match, word, other] of [["alpha", "alpha", "beta"], ["beta", "beta", "alpha"]]) {
    for (let turn = 0; turn < 2; turn++) {
      const window = matchWindow(text, match!);
      assert(window.includes(word!) && !window.includes(other!), `${match}, turn ${turn}`);
    }
  }
  assert(matchWindow(`${filler}gamma`, "gamma").includes("gamma"), "a new text, a new query");
  assert(matchWindow(`gamma ${filler}`, "gamma").startsWith("gamma"), "the same query, a new text");
});

Deno.test("matchWindow never looks for half of a letter outside the BMP", () => {
  // "ab𝐀" is three letters, four UTF-16 units: a prefix of three units would be "ab" and
  // half of 𝐀, which "ab𝐁" (a letter with the same first half) would match.
  const pad = "z ".repeat(450);
  const text = `${pad}ab𝐁9 ${pad}`;
  assertEquals(matchWindow(text, "ab𝐀"), matchWindow(text, "absent"));
  assert(matchWindow(`${pad}ab𝐀9 ${pad}`, "ab𝐀").includes("ab𝐀9"));
});
