/**
 * The peers of `deno task bench` and `deno task bench-peers`: their SQL reads what our tools
 * read, and their command lines and SQL tools are found as documented.
 */
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals } from "../helpers/assert.ts";
import type { Store } from "../../lib/store/store.ts";
import { generateStore } from "../../bench/gen_store.ts";
import { LIST_TRANSCRIPTS_SQL, openEngine, RANK_SQL } from "../../bench/engine_sql.ts";
import { findSqlTool, PEER_LIST_SQL, peerCommandLine } from "../../bench/peer.ts";
import { peerSearchSql } from "../../bench/peer_calls.ts";
import { COMMON_WORD, EVERY_WORD, PHRASE, PREFIX } from "../../bench/planted_terms.ts";

/**
 * Runs `check` on a generated store of 60 transcripts, through our engine connection and a
 * plain one without our functions, as a peer's connection is.
 */
function onGeneratedStore(check: (engine: Store, plain: DatabaseSync) => void): () => void {
  return () => {
    const dir = Deno.makeTempDirSync({ prefix: "transcript-mcp-bench-" });
    const out = join(dir, "store.db");
    try {
      generateStore({ count: 60, out, averageWords: 300 });
      const engine = openEngine(out);
      const plain = new DatabaseSync(out, { readOnly: true });
      try {
        check(engine, plain);
      } finally {
        plain.close();
        engine.close();
      }
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  };
}

Deno.test(
  "the peers' SQL lists the rows list_transcripts reads, on a connection without our functions",
  onGeneratedStore((engine, plain) => {
    const ours = engine.all(LIST_TRANSCRIPTS_SQL, 21);
    assertEquals(ours.length, 21);
    const statement = plain.prepare(PEER_LIST_SQL);
    statement.setReadBigInts(true); // as the Store reads
    assertEquals(statement.all(), ours);
  }),
);

Deno.test(
  "a peer's search SQL ranks the rows our ranking statement ranks, with and without snippets",
  onGeneratedStore((engine, plain) => {
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
