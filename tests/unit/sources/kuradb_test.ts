/**
 * The KuraDB kind over databases laid out as KuraDB leaves them: detection, files as
 * transcripts (live chunks only, in order), segments, the folding scan (a non-ASCII capital,
 * a word deep in a long file, dismissed chunks never found), and what is never read.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { assert, assertEquals, assertMatch, assertThrows } from "../../helpers/assert.ts";
import {
  buildKuraDbFolder,
  inboxPath,
  KURADB_EMBEDDING_DECOY,
  type KuraDbFixture,
  removeKuraDbFile,
  researchFiles,
  upsertKuraDbFiles,
} from "../../helpers/kuradb_fixture.ts";
import { detectKind, openDatabaseSource } from "../../../lib/sources/open_source.ts";
import { readTableColumns } from "../../../lib/sources/source_kind.ts";
import type { SourceReader } from "../../../lib/sources/source_reader.ts";
import { InvalidCursorError } from "../../../lib/sources/source_reader.ts";
import { StoreOpenError } from "../../../lib/store/errors.ts";
import type { Store } from "../../../lib/store/store.ts";
import { brokenDatabase } from "../../helpers/broken_sources.ts";
import { KuraDbTexts } from "../../../lib/sources/adapters/kuradb_texts.ts";
import {
  type ItemCounts,
  type ScanQuery,
  scanQuery,
  scanRows,
} from "../../../lib/sources/adapters/scan_search.ts";
import { assertSearchStops } from "../../helpers/source_probes.ts";
import { KeptMemory } from "../../../lib/sources/kept_memory.ts";

function withResearch(run: (reader: SourceReader, store: Store, fixture: KuraDbFixture) => void) {
  const fixture = buildKuraDbFolder([{ name: "research", files: [] }]);
  const path = fixture.databasePath("research");
  const { files, changed } = researchFiles(fixture.folder, "research");
  upsertKuraDbFiles(path, files);
  upsertKuraDbFiles(path, [changed]);
  const { kind, reader, store } = openDatabaseSource(path, { name: "research" });
  try {
    assertEquals(kind.kind, "kuradb");
    run(reader, store, fixture);
  } finally {
    store.close();
    fixture.cleanup();
  }
}

function keys(reader: SourceReader, query: string): string[] {
  return reader.search(query, 10).hits.map((hit) => hit.key);
}

Deno.test("kuradb: data.db is detected from file_data; global.db is no source", () => {
  const fixture = buildKuraDbFolder([{ name: "research", files: [] }]);
  try {
    const db = new DatabaseSync(fixture.databasePath("research"), { readOnly: true });
    assertEquals(detectKind(readTableColumns(db))?.kind, "kuradb");
    db.close();
    const error = assertThrows(
      () => openDatabaseSource(join(fixture.folder, "global.db"), { name: "g" }),
      StoreOpenError,
    );
    assertMatch(error.message, /not a database of a known kind \(tables: query_cache\)/);
  } finally {
    fixture.cleanup();
  }
});

Deno.test("kuradb: each file is a transcript, newest first, titled by its file name", () => {
  withResearch((reader) => {
    const all = reader.listTranscripts(null, 10, {});
    assertEquals(all.map((item) => item.title), ["plan.md", "long.txt", "wind.md"]);
    assertEquals(all.map((item) => item.createdAt), [
      "2026-03-01T10:00:00.000Z",
      "2026-02-20T12:30:00.000Z",
      "2026-02-10T09:00:00.000Z",
    ]);
    assert(all.every((item) => item.id.startsWith("research:") && item.source === "document"));
    assertEquals(all[0]!.preview, "New plan: meet at Tromsø in June.");
    const first = reader.listTranscripts(null, 1, {});
    const rest = reader.listTranscripts(first[0]!.position, 5, {});
    assertEquals([...first, ...rest].map((item) => item.id), all.map((item) => item.id));
    assertEquals(reader.listTranscripts(null, 10, { since: "2026-02-15T00:00:00Z" }).length, 2);
    assertEquals(reader.listTranscripts(null, 10, { label: "meeting" }), []);
    assertThrows(() => reader.listTranscripts(["x", "y"], 5, {}), InvalidCursorError);
    const facts = reader.facts();
    assertEquals([facts.transcripts, facts.tasks, facts.search, facts.turns], [
      3,
      0,
      "scan",
      false,
    ]);
    assertEquals(facts.newest, "2026-03-01T10:00:00.000Z");
    assert(facts.notes.some((note) => note.startsWith("1 chunks of changed or removed files")));
  });
});

Deno.test("kuradb: a transcript is its live chunks in order; segments page through them", () => {
  withResearch((reader) => {
    const [plan, long] = reader.listTranscripts(null, 2, {});
    const document = reader.getTranscript(plan!.id)!;
    assertEquals(document.text, "New plan: meet at Tromsø in June.");
    const longText = reader.getTranscript(long!.id)!.text;
    assert(longText.length > 100_000, `long file: ${longText.length} characters`);
    const page = reader.readSegments!(long!.id, { fromSeq: 48, limit: 5 })!;
    assertEquals(page.map((segment) => segment.seq), [48, 49]);
    assert(page.every((s) => s.startMs === null && s.endMs === null && s.speaker === null));
    assertMatch(page[1]!.text, /quasarwhistle at the very end\.$/);
    assertEquals(reader.readSegments!(long!.id, { fromSeq: 50, limit: 5 }), []);
    assertEquals(reader.getTranscript("research:999999"), undefined);
    assertEquals(reader.getTranscript("other:1"), undefined);
    assertEquals(reader.readSegments!("research:abc", { fromSeq: 0, limit: 1 }), undefined);
  });
});

Deno.test("kuradb: a chunk that is not a file's first is no transcript id", () => {
  withResearch((reader, store) => {
    const long = reader.listTranscripts(null, 3, {})[1]!;
    const second = Number(long.id.split(":")[1]) + 1;
    assertEquals(Number(store.get("SELECT chunk FROM file_data WHERE id = ?", second)?.chunk), 2);
    assertEquals(reader.getTranscript(`research:${second}`), undefined);
  });
});

Deno.test("kuradb: search folds Unicode case, finds a word deep in a long file, never a dismissed chunk", () => {
  withResearch((reader) => {
    const [plan, long, wind] = reader.listTranscripts(null, 3, {}).map((item) =>
      item.id.split(":")[1]!
    );
    for (const query of ["ørstedvik", "ØRSTEDVIK", "Ørstedvik", "ærø", "tromsø", "TROMSØ"]) {
      assertEquals(keys(reader, query).length, 1, query);
    }
    assertEquals(keys(reader, "ØRSTEDVIK"), [wind]);
    assertEquals(keys(reader, "QuasarWhistle"), [long]);
    assertEquals(keys(reader, "obsoletedword"), []);
    assertEquals(keys(reader, "Bergen"), []);
    assertEquals(keys(reader, "plan.md"), [plan], "a file name is searched as its title");
    const both = reader.search("ørstedvik OR quasarwhistle", 10);
    assertEquals(both.partial, false);
    assertEquals(new Set(both.hits.map((hit) => hit.key)), new Set([wind, long]));
    const [hit] = reader.renderHits([long!], reader.search("quasarwhistle", 1).match);
    assertMatch(hit!.window, /quasarwhistle/);
    assertEquals(hit!.title, "long.txt");
  });
});

Deno.test("kuradb: a file removed from the inbox is gone from listing, get and search", () => {
  withResearch((reader, _store, fixture) => {
    const wind = reader.listTranscripts(null, 3, {})[2]!;
    assertEquals(keys(reader, "ørstedvik").length, 1, "held in memory before it goes");
    removeKuraDbFile(
      fixture.databasePath("research"),
      inboxPath(fixture.folder, "research", "wind.md"),
    );
    assertEquals(reader.listTranscripts(null, 5, {}).length, 2);
    assertEquals(reader.getTranscript(wind.id), undefined);
    assertEquals(keys(reader, "ørstedvik"), []);
  });
});

Deno.test("kuradb: embeddings and everything beside file_data's text are never read", () => {
  withResearch((reader, store) => {
    for (const sql of ["SELECT embedding FROM file_data", "SELECT is_embed FROM file_data"]) {
      assertThrows(() => store.get(sql), Error);
    }
    const all = JSON.stringify([
      reader.listTranscripts(null, 10, {}),
      reader.listTranscripts(null, 10, {}).map((item) => reader.getTranscript(item.id)),
      reader.facts(),
    ]);
    assert(!all.includes(KURADB_EMBEDDING_DECOY));
    assertEquals(keys(reader, KURADB_EMBEDDING_DECOY), []);
  });
});

Deno.test("kuradb: a search stops when the call must stop", () => {
  withResearch((reader, store) => assertSearchStops(reader, store, "quasarwhistle"));
});

Deno.test("kuradb texts in memory count what the SQL scan counts, and follow the app's writes", () => {
  withResearch((_reader, store, fixture) => {
    const scanned = (query: ScanQuery) => {
      const counts = new Map<string, ItemCounts>();
      const table = {
        table: "file_data",
        alias: "f",
        key: "f.source",
        texts: ["f.content"],
        where: "f.dismiss = 0",
      };
      scanRows(store, query, table, Number.MIN_SAFE_INTEGER, counts);
      return counts;
    };
    const held = (texts: KuraDbTexts, query: ScanQuery) => {
      const counts = new Map<string, ItemCounts>();
      texts.refresh(store, Infinity);
      assertEquals(texts.search(store, query, counts, performance.now()), false);
      return counts;
    };
    const texts = new KuraDbTexts();
    const queries = [
      "coastal",
      "ØRSTEDVIK ærø",
      "tromsø",
      "obsoletedword",
      "quasarwhistle",
      "of field",
    ];
    for (const text of queries) {
      const query = scanQuery(text)!;
      assertEquals(held(texts, query), scanned(query), text);
    }
    assert(texts.complete && !texts.full && texts.bytes > 100_000);
    const plan = inboxPath(fixture.folder, "research", "plan.md");
    upsertKuraDbFiles(fixture.databasePath("research"), [
      { source: plan, chunks: ["Now Reykjavík, then coastal."], createdAt: "2026-03-01 10:00:00" },
      // Sorts after every file read so far.
      {
        source: inboxPath(fixture.folder, "research", "zz-new.md"),
        chunks: ["A new note on Ålesund."],
        createdAt: "2026-04-01 10:00:00",
      },
    ]);
    for (const text of ["tromsø", "reykjavík", "coastal", "ålesund"]) {
      const query = scanQuery(text)!;
      assertEquals(held(texts, query), scanned(query), `after a write: ${text}`);
    }
    // Past its memory bound it stops growing, and the files after it are scanned in SQL.
    for (const bound of [1, texts.bytes / 2]) {
      const bounded = new KuraDbTexts(bound);
      for (const text of ["ørstedvik", "coastal", "quasarwhistle", "ålesund"]) {
        const query = scanQuery(text)!;
        assertEquals(held(bounded, query), scanned(query), `bound ${bound}: ${text}`);
      }
      assert(bounded.full && bounded.bytes < texts.bytes, `bound ${bound}`);
    }
    // The thread's bound, held by another source's texts, stops it the same way.
    const memory = new KeptMemory(texts.bytes * 1.5);
    const other = new KuraDbTexts(undefined, memory);
    other.refresh(store, Infinity);
    assert(!other.full);
    const second = new KuraDbTexts(undefined, memory);
    for (const text of ["ørstedvik", "coastal", "quasarwhistle", "ålesund"]) {
      const query = scanQuery(text)!;
      assertEquals(held(second, query), scanned(query), `thread bound: ${text}`);
    }
    assert(second.full && second.bytes < texts.bytes, "thread bound");
  });
});

Deno.test("kuradb: still detected, and read, when an upgrade drops total, which is never read", () => {
  const db = brokenDatabase(
    "kuradb",
    (db) =>
      db.exec(
        `INSERT INTO file_data (source, chunk, total, content, dismiss, created_at, updated_at)
        VALUES ('/in/a.md', 1, 1, 'alpha', 0, '2025-11-01 00:00:00', '2025-11-01 00:00:00');
      ALTER TABLE file_data DROP COLUMN total`,
      ),
  );
  const { kind, reader, store } = openDatabaseSource(db.path, { name: "k" });
  try {
    assertEquals(kind.kind, "kuradb");
    assertEquals(reader.getTranscript("k:1")?.text, "alpha");
  } finally {
    store.close();
    db.cleanup();
  }
});
