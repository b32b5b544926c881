/**
 * screenpipe data the app should never write but a restore, a sync or a hand edit can leave:
 * every read answers (no call fails inside the server) and every time is RFC 3339 UTC.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { createScreenpipeDb } from "../../helpers/screenpipe_fixture.ts";
import { openDatabaseSource } from "../../../lib/sources/open_source.ts";

const T0 = Date.UTC(2026, 1, 10, 9, 0, 0);
const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

Deno.test("screenpipe: rows whose timestamp is not a time are left out, and every call answers", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/db.sqlite`;
  const app = createScreenpipeDb(path);
  app.addChunk({ device: "Mic", atMs: T0, segments: [{ text: "a good morning talk" }] });
  app.addChunk({ device: "Mic", atMs: T0 + 6 * 3_600_000, segments: [{ text: "a good evening" }] });
  const bad: (string | number)[] = [
    "garbage",
    "",
    1771173684,
    "275760-09-13T00:00:01+00:00",
  ];
  for (const [i, stamp] of bad.entries()) {
    app.addChunk({ device: "Mic", atMs: T0, segments: [] });
    app.db.prepare(
      `INSERT INTO audio_transcriptions (audio_chunk_id, offset_index, timestamp, transcription)
       VALUES (?, 0, ?, ?)`,
    ).run(
      Number(app.db.prepare("SELECT max(id) AS n FROM audio_chunks").get()!["n"]),
      stamp,
      `a good odd row ${i}`,
    );
  }
  // What follows a time and its zone is ignored: this row is read at 20:00 UTC.
  app.addChunk({
    device: "Mic",
    atMs: T0,
    timestampText: "2026-02-10T20:00:00+00:00 trailing",
    segments: [{ text: "a good late row" }],
  });
  app.index();
  const opened = openDatabaseSource(path, { name: "screenpipe" });
  try {
    const { reader } = opened;
    const listed = reader.listTranscripts(null, 10, {});
    assertEquals(listed.map((t) => t.createdAt), [
      new Date(T0 + 11 * 3_600_000).toISOString(),
      new Date(T0 + 6 * 3_600_000).toISOString(),
      new Date(T0).toISOString(),
    ]);
    const facts = reader.facts();
    assertEquals(facts.transcripts, 3);
    assert(RFC3339_UTC.test(String(facts.newest)), String(facts.newest));
    const hits = reader.search("good", 10).hits;
    assertEquals(hits.length, 3);
    for (const hit of reader.renderHits(hits.map((h) => h.key), "good")) {
      assert(RFC3339_UTC.test(hit.createdAt), hit.createdAt);
      assert(!hit.preview.includes("odd row"), hit.preview);
    }
    for (const t of listed) assert(!reader.getTranscript(t.id)!.text.includes("odd row"));
  } finally {
    opened.store.close();
    app.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("screenpipe: until is exclusive to the millisecond, as since is inclusive", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/db.sqlite`;
  const app = createScreenpipeDb(path);
  // Sittings an hour apart, starting at .000, .100 and .500 of their second.
  for (const [i, ms] of [0, 100, 500].entries()) {
    app.addChunk({
      device: "Mic",
      atMs: T0 + i * 3_600_000 + ms,
      segments: [{ text: `talk ${i}` }],
    });
  }
  app.index();
  const opened = openDatabaseSource(path, { name: "screenpipe" });
  try {
    const createdBefore = (until: string) =>
      opened.reader.listTranscripts(null, 10, { until }).map((t) => t.createdAt);
    const at = (i: number, ms: number) => new Date(T0 + i * 3_600_000 + ms).toISOString();
    assertEquals(createdBefore(at(1, 100)), [at(0, 0)]);
    assertEquals(createdBefore(at(1, 101)), [at(1, 100), at(0, 0)]);
    assertEquals(createdBefore(at(2, 499)), [at(1, 100), at(0, 0)]);
    assertEquals(createdBefore(at(2, 501)), [at(2, 500), at(1, 100), at(0, 0)]);
    assertEquals(createdBefore(at(0, 1)), [at(0, 0)]);
    assertEquals(createdBefore(at(0, 0)), []);
  } finally {
    opened.store.close();
    app.close();
    await Deno.remove(dir, { recursive: true });
  }
});
