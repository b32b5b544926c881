/**
 * Paging a search in modes meaning and both: each page is the best of what the pages before
 * it did not show. Their rankings fuse lists whose depth grows with the page, so by place
 * alone pages repeated items and skipped others (a store of 300: 30 results paged, 18
 * distinct).
 */
import { join } from "node:path";
import { assert, assertEquals } from "../helpers/assert.ts";
import type { Json } from "../helpers/tool_calls.ts";
import { session } from "../helpers/wire_session.ts";
import { generateStore } from "../../bench/gen_store.ts";

Deno.test("search pages in modes meaning and both never repeat a result", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "tmcp-search-pages-" });
  const path = join(dir, "store.db");
  try {
    generateStore({ count: 300, out: path, seed: 11, averageWords: 300 });
    await session(path, async (server) => {
      for (const mode of ["both", "meaning"]) {
        for (const query of ["budget", "pricing", "deadline"]) {
          const ids: string[] = [];
          let cursor: string | null = null;
          for (let page = 0; page < 6; page++) {
            const args: Json = { query, mode, limit: 5, ...(cursor === null ? {} : { cursor }) };
            const answer = (await server.callTool("search_transcripts", args))["structuredContent"];
            ids.push(...answer.results.map((result: Json) => result.id));
            cursor = answer.nextCursor;
            if (cursor === null) break;
          }
          assert(ids.length >= 20, `${mode} ${query}: ${ids.length} results paged`);
          assertEquals(new Set(ids).size, ids.length, `${mode} ${query}: a result came twice`);
        }
      }
      // Paged to the end, a search shows what one page of them all does: nothing skipped.
      const all = (await server.callTool("search_transcripts", { query: "zeppelin", limit: 100 }))[
        "structuredContent"
      ];
      assertEquals(all.nextCursor, null, "one page holds them all");
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const args: Json = { query: "zeppelin", limit: 2, ...(cursor === null ? {} : { cursor }) };
        const answer = (await server.callTool("search_transcripts", args))["structuredContent"];
        paged.push(...answer.results.map((result: Json) => result.id));
        cursor = answer.nextCursor;
      } while (cursor !== null);
      assert(paged.length > 2, `several pages: ${paged.length}`);
      assertEquals(paged.toSorted(), all.results.map((result: Json) => result.id).toSorted());
    });
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
