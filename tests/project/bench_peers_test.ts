/**
 * The peers of `deno task bench` and `deno task bench-peers`: their SQL reads what our tools
 * read, and their command lines and SQL tools are found as documented.
 */
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals } from "../helpers/assert.ts";
import { generateStore } from "../../bench/gen_store.ts";
import { LIST_TRANSCRIPTS_SQL, openEngine, RANK_SQL } from "../../bench/engine_sql.ts";
import { findSqlTool, PEER_LIST_SQL, peerCommandLine } from "../../bench/peer.ts";
import { peerSearchSql } from "../../bench/peer_calls.ts";
import { COMMON_WORD, EVERY_WORD, PHRASE, PREFIX } from "../../bench/planted_terms.ts";

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

Deno.test(
  "the peers' SQL lists the rows list_transcripts reads, on a connection without our functions",
  withTempDir((dir) => {
    const out = join(dir, "store.db");
    generateStore({ count: 60, out, averageWords: 200 });
    const engine = openEngine(out);
    const plain = new DatabaseSync(out, { readOnly: true });
    try {
      const ours = engine.all(LIST_TRANSCRIPTS_SQL, 21);
      assertEquals(ours.length, 21);
      const statement = plain.prepare(PEER_LIST_SQL);
      statement.setReadBigInts(true); // as the Store reads
      assertEquals(statement.all(), ours);
    } finally {
      plain.close();
      engine.close();
    }
  }),
);

Deno.test(
  "a peer's search SQL ranks the rows our ranking statement ranks, with and without snippets",
  withTempDir((dir) => {
    const out = join(dir, "store.db");
    generateStore({ count: 60, out, averageWords: 300 });
    const engine = openEngine(out);
    const plain = new DatabaseSync(out, { readOnly: true });
    try {
      for (const match of [COMMON_WORD, `"${PHRASE.join(" ")}"`, `${PREFIX}*`, EVERY_WORD]) {
        const ours = engine.all(RANK_SQL, match, 21)
          .map((row) => engine.get("SELECT id FROM transcripts WHERE pk = ?", row["pk"] as bigint))
          .map((row) => row!["id"]);
        assert(ours.length > 1, `${match}: ${ours.length} rows`);
        for (const snippets of [true, false]) {
          const rows = plain.prepare(peerSearchSql(match, snippets)).all();
          assertEquals(rows.map((row) => row["id"]), ours, `${match}, snippets ${snippets}`);
          assertEquals(rows.every((row) => typeof row["snippet"] === "string"), snippets);
        }
      }
      // A quote in the query is written into the statement safely.
      assertEquals(plain.prepare(peerSearchSql(`"zeppelin's"`, true)).all(), []);
    } finally {
      plain.close();
      engine.close();
    }
  }),
);

Deno.test("a peer's SQL tool is found by its argument, and its command gets the store's path", () => {
  const string = { type: "string" };
  assertEquals(
    findSqlTool([
      { name: "db_info", inputSchema: { properties: {} } },
      { name: "read_query", inputSchema: { properties: { query: string } } },
      { name: "execute_sql", inputSchema: { properties: { sql: string } } },
    ]),
    { tool: "execute_sql", argument: "sql" },
  );
  assertEquals(findSqlTool([{ name: "list_tables" }]), undefined);
  assertEquals(peerCommandLine(" node  server.js ", "/s.db"), ["node", "server.js", "/s.db"]);
  assertEquals(peerCommandLine("dbhub --dsn=sqlite://{db} --x", "/s.db"), [
    "dbhub",
    "--dsn=sqlite:///s.db",
    "--x",
  ]);
});
