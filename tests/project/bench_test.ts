/**
 * The benchmark harness is correct: the store generator is deterministic and writes a
 * valid store with its planted terms at about their rates, and the driver's report has
 * every query class and column. Nothing here is timed.
 */
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals } from "../helpers/assert.ts";
import { PROJECT_ROOT } from "../helpers/server_process.ts";
import { openStore } from "../../lib/store/open_store.ts";
import { checkStore } from "../../lib/store/store_check.ts";
import { generateStore } from "../../bench/gen_store.ts";
import {
  COMMON_RATE,
  COMMON_WORD,
  EVERY_WORD,
  PHRASE,
  PHRASE_RATE,
  PREFIX,
  PREFIX_FAMILY,
  PREFIX_RATE,
  RARE_RATE,
  RARE_WORD,
} from "../../bench/planted_terms.ts";
import { CLASS_LABELS } from "../../bench/query_classes.ts";
import { checkoutCandidates, startTimes } from "../../bench/start_up.ts";
import { BARE_SCRIPT } from "../../bench/cold_start.ts";
import { TABLE_COLUMNS, TARGET_COLUMNS } from "../../bench/report.ts";
import { COPIED_SQL, normalizeSql } from "../../bench/engine_sql.ts";
import { checkSearchOrder } from "../../bench/search_order.ts";
import { compareCheckouts, COMPARISON_COLUMNS, formatComparison } from "../../bench/compare.ts";
import { ContentGenerator } from "../../bench/transcript_gen.ts";
import { formatStops, measureStops, STOP_SHAPES } from "../../bench/stop_latency.ts";

function withTempDir(run: (dir: string) => Promise<void> | void): () => Promise<void> {
  return async () => {
    const dir = Deno.makeTempDirSync({ prefix: "transcript-mcp-bench-" });
    try {
      await run(dir);
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  };
}

/** Every row of the store's content tables, in key order, as one comparable value. */
function storeContent(path: string): unknown {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return ["transcripts ORDER BY pk", "segments ORDER BY transcript_id, seq", "tasks ORDER BY id"]
      .map((table) => db.prepare(`SELECT * FROM ${table}`).all());
  } finally {
    db.close();
  }
}

function matchCount(path: string, query: string): number {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const row = db.prepare(
      "SELECT count(*) AS n FROM transcripts_fts WHERE transcripts_fts MATCH ?",
    )
      .get(query);
    return Number(row?.["n"]);
  } finally {
    db.close();
  }
}

Deno.test(
  "gen-store writes the same content for the same seed and count, and other content for another seed",
  withTempDir((dir) => {
    const options = { count: 30, averageWords: 200 };
    generateStore({ ...options, out: join(dir, "a.db"), seed: 7 });
    generateStore({ ...options, out: join(dir, "b.db"), seed: 7 });
    generateStore({ ...options, out: join(dir, "c.db"), seed: 8 });
    assertEquals(storeContent(join(dir, "a.db")), storeContent(join(dir, "b.db")));
    assert(
      JSON.stringify(storeContent(join(dir, "a.db"))) !==
        JSON.stringify(storeContent(join(dir, "c.db"))),
      "another seed gives other content",
    );
  }),
);

Deno.test(
  "gen-store writes a store the server opens, with the search index in sync",
  withTempDir((dir) => {
    const out = join(dir, "store.db");
    const summary = generateStore({ count: 200, out, averageWords: 300 });
    const store = openStore(out);
    try {
      const report = checkStore(store);
      assertEquals(report.schemaVersion, 1);
      assertEquals(report.counts.transcripts, 200);
      assertEquals(report.counts.tasks, summary.tasks);
      assertEquals(report.counts.segments, summary.segments);
      assert(report.fts.inSync, "the FTS index agrees with its table");
      assertEquals(report.fts.indexed, 200);
      const buckets = store.all("SELECT DISTINCT bucket FROM tasks ORDER BY bucket")
        .map((row) => row["bucket"]);
      assertEquals(buckets, ["done", "inbox", "someday", "today", "week"]);
      const sources = store.all("SELECT DISTINCT source FROM transcripts ORDER BY source")
        .map((row) => row["source"]);
      assertEquals(sources, ["chat", "meeting", "voice_note"]);
      // Many small transactions, as an app appends over time, not one bulk load.
      assert(summary.transactions > 10, `${summary.transactions} transactions`);
    } finally {
      store.close();
    }
  }),
);

Deno.test(
  "gen-store writes each transcript as speaker-labelled turns matching its segments",
  withTempDir((dir) => {
    const out = join(dir, "store.db");
    generateStore({ count: 5, out, averageWords: 200 });
    const db = new DatabaseSync(out, { readOnly: true });
    try {
      for (const row of db.prepare("SELECT id, text FROM transcripts").all()) {
        const turns = db.prepare(
          "SELECT speaker || ': ' || text AS line FROM segments WHERE transcript_id = ? ORDER BY seq",
        ).all(row["id"] as string).map((segment) => segment["line"]);
        assertEquals(row["text"], turns.join("\n"));
      }
    } finally {
      db.close();
    }
  }),
);

Deno.test(
  "gen-store plants its query terms at about their documented rates",
  withTempDir((dir) => {
    const out = join(dir, "store.db");
    const count = 200;
    generateStore({ count, out, averageWords: 300 });
    const near = (query: string, rate: number, slack: number) => {
      const share = matchCount(out, query) / count;
      assert(
        Math.abs(share - rate) <= slack,
        `${query}: ${share} of transcripts, expected ~${rate}`,
      );
    };
    near(EVERY_WORD, 1, 0);
    near(COMMON_WORD, COMMON_RATE, 0.08);
    near(`"${PHRASE.join(" ")}"`, PHRASE_RATE, 0.08);
    near(`${PREFIX}*`, PREFIX_RATE, 0.1);
  }),
);

Deno.test("the rare word is planted in about 0.4% of transcripts", () => {
  // Counted on the generator itself: on a store small enough to test, 0.4% is a handful.
  const count = 20_000;
  const generator = new ContentGenerator({ seed: 1, averageWords: 20, count });
  let found = 0;
  for (let n = 0; n < count; n++) {
    const { segments } = generator.item(n).transcript;
    if (segments.some((s) => s.text.toLowerCase().includes(RARE_WORD))) found++;
  }
  const share = found / count;
  assert(Math.abs(share - RARE_RATE) < 0.0015, `${found} of ${count}`);
});

Deno.test(
  "the bench task reports every query class with every column, on stdout and in --out",
  withTempDir(async (dir) => {
    const db = join(dir, "store.db");
    const out = join(dir, "report.md");
    generateStore({ count: 50, out: db, averageWords: 300 });
    const output = await new Deno.Command(Deno.execPath(), {
      args: [
        "task",
        "--quiet",
        "bench",
        "--db",
        db,
        "--iterations",
        "2",
        "--warmup",
        "1",
        "--requests",
        "3",
        "--cold-starts",
        "2",
        "--out",
        out,
      ],
      cwd: PROJECT_ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stdout = new TextDecoder().decode(output.stdout);
    assertEquals(output.code, 0, new TextDecoder().decode(output.stderr));
    assertEquals(Deno.readTextFileSync(out).trim(), stdout.trim());
    const lines = stdout.split("\n");
    assert(lines.includes(`| ${TABLE_COLUMNS.join(" | ")} |`), "the table's header row");
    for (const label of CLASS_LABELS) {
      const row = lines.find((line) => line.startsWith(`| ${label} |`));
      assert(row !== undefined, `a row for ${label}`);
      const cells = row.split("|").slice(1, -1);
      assertEquals(cells.length, TABLE_COLUMNS.length, `${label}: one cell a column`);
      assert(cells.every((cell) => cell.trim() !== ""), `${label}: no empty cell`);
    }
    for (
      const measure of [
        "Cold start to initialize",
        "first search",
        "Bare `deno run`",
        "Peak RSS",
        "Largest answer",
        "plain BM25 plan's",
      ]
    ) {
      assert(stdout.includes(measure), `reports ${measure}`);
    }
    assert(lines.includes(`| ${TARGET_COLUMNS.join(" | ")} |`), "the targets table");
    assert(
      /\| List page 1 p50 \/ ping p50, called by turns \| [\d.]+ \/ [\d.]+ ms = [\d.]+× \|/
        .test(stdout),
      "list page 1 is reported against a ping from the same rounds",
    );
    assert(!stdout.includes("Peers:"), "no peer table without --peer");
    assert(
      /\| List page 200 p50 ≤ 1\.2 × page 1 p50 \| [\d.]+ \/ [\d.]+ ms = [\d.]+× \(called alternately\) \|/
        .test(stdout),
      "the paging target comes from alternating calls",
    );
    // The driver records the SQL each tool runs; the engine baseline must be that SQL.
    assert(!stdout.includes("ran SQL other than"), "the engine runs the tools' SQL");
  }),
);

Deno.test("every statement the engine baseline copies still appears in its tool's source", () => {
  // The copies are of statements the tools build in their handlers and do not export; a
  // change to one fails here rather than leaving the baseline timing other SQL.
  for (const copy of COPIED_SQL) {
    const source = normalizeSql(Deno.readTextFileSync(join(PROJECT_ROOT, copy.source)));
    assert(
      source.includes(normalizeSql(copy.text)),
      `${copy.source} no longer has: ${normalizeSql(copy.text)}`,
    );
  }
});

Deno.test(
  "search's top 20 are of the plain BM25 plan's best 100, for each query class",
  withTempDir((dir) => {
    const out = join(dir, "store.db");
    generateStore({ count: 1_000, out, averageWords: 120 });
    const store = openStore(out);
    try {
      const queries = {
        common: COMMON_WORD,
        rare: RARE_WORD,
        phrase: `"${PHRASE.join(" ")}"`,
        prefix: `${PREFIX}*`,
        column: `title:${PREFIX_FAMILY[1]}`,
      };
      for (const [name, query] of Object.entries(queries)) {
        const check = checkSearchOrder(store, query);
        assert(check.same, `${name} (${query}): ${check.tool} of ${check.plain}`);
        if (name !== "rare" && name !== "column") assertEquals(check.tool.length, 20, name);
      }
      assert(checkSearchOrder(store, RARE_WORD).tool.length > 0, "the rare word is found");
    } finally {
      store.close();
    }
  }),
);

Deno.test(
  "the stop bench reports every query shape, each answered or refused, with every column",
  withTempDir(async (dir) => {
    const db = join(dir, "store.db");
    generateStore({ count: 30, out: db, averageWords: 300 });
    const results = await measureStops(db, 2, () => {});
    assertEquals(results.map((r) => r.label), STOP_SHAPES.map((s) => s.label));
    for (const result of results) {
      assert(
        ["ran", "invalid_arguments"].includes(result.answer),
        `${result.label}: ${result.answer}`,
      );
    }
    const lines = formatStops(results).split("\n");
    assertEquals(lines.length, STOP_SHAPES.length + 2);
    const columns = lines[0]!.split("|").length;
    for (const line of lines) assertEquals(line.split("|").length, columns, line);
  }),
);

Deno.test(
  "bench-compare calls every class on both checkouts and tabulates their medians",
  withTempDir(async (dir) => {
    const db = join(dir, "store.db");
    generateStore({ count: 60, out: db, averageWords: 200 });
    const rows = await compareCheckouts(db, PROJECT_ROOT, 2, () => {});
    assertEquals(rows.map((row) => row.label), [...CLASS_LABELS]);
    for (const row of rows) {
      for (const value of [row.currentP50, row.baselineP50, row.currentP90, row.baselineP90]) {
        assert(Number.isFinite(value) && value > 0, `${row.label}: ${value}`);
      }
    }
    const lines = formatComparison(rows).split("\n");
    assertEquals(lines.length, CLASS_LABELS.length + 3);
    assertEquals(lines[0], `| ${COMPARISON_COLUMNS.join(" | ")} |`);
    const ratios = rows.map((row) => row.currentP50 / row.baselineP50);
    const mean = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
    assertEquals(lines.at(-1), `| geometric mean | | | ${mean.toFixed(2)}× | | |`);
  }),
);

Deno.test(
  "bench-start times each command to its first answer, by turns, with its CPU time",
  withTempDir(async (dir) => {
    const db = join(dir, "store.db");
    generateStore({ count: 20, out: db, averageWords: 50 });
    const [, , fromSource] = checkoutCandidates(PROJECT_ROOT, db, "");
    assertEquals(
      checkoutCandidates(PROJECT_ROOT, db, "old").map((c) => c.label),
      ["bundle (old)", "deno task start (old)", "deno run main.ts (old)"],
    );
    const bare = {
      label: "bare",
      command: Deno.execPath(),
      args: ["run", BARE_SCRIPT],
      cwd: PROJECT_ROOT,
      until: "line" as const,
    };
    const times = await startTimes([bare, fromSource!], 2);
    assertEquals([...times.keys()], ["bare", "deno run main.ts"]);
    assertEquals(times.get("bare")!.ms.length, 2);
    assertEquals(times.get("bare")!.cpu, [], "a bare start has no CPU time read");
    const served = times.get("deno run main.ts")!;
    assertEquals(served.ms.length, 2);
    assert(served.ms.every((ms) => ms > 0));
    // Linux reads it from /proc; elsewhere there is none.
    if (Deno.build.os === "linux") assertEquals(served.cpu.length, 2);
  }),
);
