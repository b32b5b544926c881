/**
 * `deno task bench-search`'s pure parts are right, on tiny hand-made meetings: the made-up
 * times, the WebVTT it writes (read back by lib/ingest's reader as the same turns at the same
 * times), the keyword form, R@k, MRR and moment-in-span with its 30 s allowance, and the
 * FTS5 baseline's windows. Nothing of QMSum is read here.
 */
import { join } from "node:path";
import { assert, assertEquals } from "../helpers/assert.ts";
import { readVtt } from "../../lib/ingest/vtt.ts";
import { readTranscriptFile } from "../../lib/ingest/read_transcript_file.ts";
import {
  figures,
  inSpans,
  keywordForm,
  meetingVtt,
  questionWords,
  type RankedMeeting,
  scoreQuestion,
  SPAN_LEAD_MS,
  STOP_WORDS,
  type Turn,
  turnTimes,
} from "../../bench/search_metrics.ts";
import { orQuery, WindowIndex, windowStarts } from "../../bench/search_baseline.ts";
import { pickQuestions, writeMeetingFolder } from "../../bench/qmsum_folder.ts";
import { runTable, runWithScores } from "../../bench/search_report.ts";

const TURNS: Turn[] = [
  ["Project Manager", "Okay , let 's start . {vocalsound}"],
  ["Marketing", ""],
  ["Industrial Designer", "The remote costs < 12 & > 10 euros -- that's A --> B ."],
  ["Marketing", "  Two\nlines  here "],
  ["", "Nobody said this ."],
  ["User Interface", "&amp; stays as written <v Ann> too"],
];

Deno.test("turn times: 2.5 words a second, at least 1 s, each turn where the last ended", () => {
  const times = turnTimes([["A", "one two three four five six seven"], ["B", ""], ["C", "x"]]);
  assertEquals(times, [
    { startMs: 0, endMs: 2_800 },
    { startMs: 2_800, endMs: 3_800 },
    { startMs: 3_800, endMs: 4_800 },
  ]);
  const long = turnTimes([["A", Array(1000).fill("w").join(" ")]]);
  assertEquals(long, [{ startMs: 0, endMs: 400_000 }]);
});

Deno.test("the WebVTT of a meeting reads back through lib/ingest as the same turns and times", () => {
  const times = turnTimes(TURNS);
  const vtt = meetingVtt(TURNS, times);
  const body = readVtt(vtt);
  assert(body.ok, "the file is read");
  const expected = TURNS.flatMap(([speaker, text], i) => {
    const said = text.replace(/\s+/g, " ").trim();
    if (said === "") return [];
    return [{ ...times[i]!, speaker: speaker === "" ? null : speaker, text: said }];
  });
  assertEquals(body.segments, expected);
  // The empty turn has no cue but keeps its second: the next cue starts after it.
  assertEquals(body.segments[1]!.startMs, times[2]!.startMs);
  assertEquals(times[2]!.startMs - times[1]!.startMs, 1_000);
  // The whole file as the folder source reads it: title from the name, the same segments.
  const file = readTranscriptFile(new TextEncoder().encode(vtt), "ES2002a.vtt");
  assert(file.kind === "transcript", "read as a file");
  assertEquals(file.transcript.title, "ES2002a");
  assertEquals(file.transcript.format, "vtt");
  assertEquals(file.transcript.segments, expected);
});

Deno.test("meetings are written one file each, named by id, keyed as the folder source keys them", () => {
  const dir = Deno.makeTempDirSync({ prefix: "transcript-mcp-search-metrics-" });
  try {
    const meetings = ["covid_0", "ES2002a"].map((id) => ({
      id,
      turns: TURNS,
      queries: [],
      times: turnTimes(TURNS),
    }));
    const byKey = writeMeetingFolder(dir, meetings);
    assertEquals([...byKey.values()].sort(), ["ES2002a", "covid_0"]);
    assert([...byKey.keys()].every((key) => /^[0-9a-f]{16}$/.test(key)), "16 hex digits");
    assertEquals([...Deno.readDirSync(dir)].map((e) => e.name).sort(), [
      "ES2002a.vtt",
      "covid_0.vtt",
    ]);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("the keyword form drops question and filler words, keeps the rest in order", () => {
  assertEquals(
    keywordForm("What did the group discuss about the remote control's battery life?"),
    "remote control battery life",
  );
  assertEquals(
    keywordForm("Summarize the discussion about XML and NOT the data"),
    "xml data",
  );
  // Nothing left: every word, so the query is never blank.
  assertEquals(questionWords("What did they say?", true), ["what", "did", "they", "say"]);
  assertEquals(questionWords("The the THE", false), ["the"]);
  for (const word of ["what", "did", "does", "the", "a", "about", "discuss", "discussion"]) {
    assert(STOP_WORDS.has(word), word);
  }
  for (const word of ["summarize", "say", "think", "when", "talking"]) assert(STOP_WORDS.has(word));
});

Deno.test("moment in span: from 30 s before the first turn's start to the last turn's end", () => {
  const times = [
    { startMs: 0, endMs: 60_000 },
    { startMs: 60_000, endMs: 70_000 },
    { startMs: 70_000, endMs: 80_000 },
    { startMs: 80_000, endMs: 90_000 },
  ];
  const span = [[1, 2]] as const;
  assertEquals(SPAN_LEAD_MS, 30_000);
  assert(inSpans(30_000, span, times), "exactly 30 s before");
  assert(!inSpans(29_999, span, times), "just over 30 s before");
  assert(inSpans(80_000, span, times), "the last turn's end");
  assert(!inSpans(80_001, span, times), "past it");
  assert(inSpans(85_000, [[0, 0], [3, 9]], times), "any span; an index past the end is clamped");
  assert(!inSpans(49_999, [[3, 3]], times), "before the allowance of the only span");
});

Deno.test("R@1, R@10, MRR and moment in span from rankings of hand-made meetings", () => {
  const times = turnTimes([["A", "x"], ["B", "y"], ["C", "z"]]); // 0-1 s, 1-2 s, 2-3 s
  const at = (meeting: string, momentMs: number | null): RankedMeeting => ({ meeting, momentMs });
  const others = Array.from({ length: 9 }, (_, i) => at(`other${i}`, 0));
  const scores = [
    scoreQuestion([at("m", 1_000), ...others], "m", [[1, 1]], times), // rank 1, in span
    scoreQuestion([at("x", 0), at("m", null), at("m", 1_000)], "m", [[1, 1]], times), // rank 2, no moment
    scoreQuestion([...others, at("m", 0)], "m", [[2, 2]], times), // rank 10, 2 s before: in span
    scoreQuestion(others, "m", [[0, 0]], times), // absent
    scoreQuestion([], "m", [[0, 0]], times), // an error: nothing ranked
  ];
  assertEquals(scores.map((s) => s.rank), [1, 2, 10, null, null]);
  assertEquals(scores.map((s) => s.momentInSpan), [true, false, true, false, false]);
  const f = figures(scores);
  assertEquals(f.n, 5);
  assertEquals(f.recallAt1, 1 / 5);
  assertEquals(f.recallAt10, 3 / 5);
  assertEquals(f.mrr, (1 + 1 / 2 + 1 / 10) / 5);
  assertEquals(f.momentInSpan, 2 / 5);
  assertEquals(f.passageInSpan, null);
  // A rank past 10 counts in neither recall@10 nor MRR.
  const eleventh = scoreQuestion([...others, at("y", 0), at("m", 1_000)], "m", [[1, 1]], times);
  assertEquals(eleventh.rank, 11);
  assertEquals(figures([eleventh]), {
    n: 1,
    recallAt1: 0,
    recallAt10: 0,
    mrr: 0,
    momentInSpan: 0,
    passageInSpan: null,
  });
});

Deno.test("passages in span count when results carry them, and only then", () => {
  const times = turnTimes([["A", "x"], ["B", "y"]]);
  const with1 = scoreQuestion(
    [{ meeting: "m", momentMs: 0, passageMs: [50_000, 1_500] }],
    "m",
    [[1, 1]],
    times,
  );
  assertEquals(with1.passageInSpan, true);
  const miss = scoreQuestion([{ meeting: "o", momentMs: 0, passageMs: [] }], "m", [[1, 1]], times);
  assertEquals(miss.passageInSpan, false);
  assertEquals(figures([with1, miss]).passageInSpan, 1 / 2);
});

Deno.test("the baseline ranks meetings by their best window and cites its first turn", () => {
  assertEquals(windowStarts(0), [0]);
  assertEquals(windowStarts(12), [0]);
  assertEquals(windowStarts(13), [0, 6]);
  assertEquals(windowStarts(30), [0, 6, 12, 18]);
  assertEquals(orQuery(["remote", 'say "hi"']), '"remote" OR "say ""hi"""');
  const filler = Array.from({ length: 20 }, (_, i): Turn => ["A", `filler talk number ${i}`]);
  const m1: Turn[] = [...filler, ["Ann", "the remote battery"], ["Ben", "battery battery"]];
  const m2: Turn[] = [["Cy", "a remote"], ...filler];
  const meetings = [
    { id: "m1", turns: m1, times: turnTimes(m1) },
    { id: "m2", turns: m2, times: turnTimes(m2) },
  ];
  const index = new WindowIndex(meetings);
  try {
    const ranked = index.rank(["remote", "battery"], 10);
    assertEquals(ranked.map((r) => r.meeting), ["m1", "m2"]);
    // Of m1's windows (starting at turns 0, 6 and 12), only the last holds turns 20 and 21.
    assertEquals(ranked[0]!.momentMs, meetings[0]!.times[12]!.startMs);
    assertEquals(ranked[1]!.momentMs, 0);
    assertEquals(index.rank(["remote", "battery"], 1).length, 1);
    assertEquals(index.rank(["absent"], 10), []);
    assertEquals(index.rank([], 10), []);
  } finally {
    index.close();
  }
});

Deno.test("a quick run's questions are spread over the data set; the table has a row a run", () => {
  const meeting = (id: string, n: number) => ({
    id,
    turns: [],
    times: [],
    queries: Array.from({ length: n }, (_, i) => ({ query: `${id}${i}`, spans: [] })),
  });
  const picked = pickQuestions([meeting("a", 3), meeting("b", 3)], 3);
  assertEquals(picked.map(({ question }) => question.query), ["a0", "a2", "b1"]);
  assertEquals(pickQuestions([meeting("a", 2)]).length, 2);
  const run = runWithScores("server", "words", "keywords");
  run.scores.push({ rank: 1, momentInSpan: true, passageInSpan: null });
  run.ms.push(5);
  const table = runTable([run, runWithScores("fts5-windows", "-", "written")]).split("\n");
  assertEquals(table.length, 4);
  assert(table[2]!.includes("| 1.000 |"), table[2]);
  assert(table[2]!.includes("100.0%"), table[2]);
});

Deno.test("the bench-search task exists and no QMSum file is in the repository", () => {
  const root = new URL("../../", import.meta.url);
  const config = JSON.parse(Deno.readTextFileSync(new URL("deno.json", root)));
  assert(String(config.tasks["bench-search"]).endsWith("bench/search_eval.ts"));
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of Deno.readDirSync(dir)) {
      if (entry.name === ".git" || entry.name === "node_modules") continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory) walk(path);
      else if (/qmsum|\.jsonl(\.gz)?$/i.test(entry.name) && !path.endsWith("qmsum_folder.ts")) {
        found.push(path);
      }
    }
  };
  walk(new URL(root).pathname);
  assertEquals(found, []);
});
