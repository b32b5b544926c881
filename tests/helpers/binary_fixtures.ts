/**
 * Binary files for tests that must tell them from text: random bytes, a real SQLite
 * database, a PNG, a zip archive and 16-bit numbers, all generated here.
 */
import { DatabaseSync } from "node:sqlite";
import { MEETING, teamsVtt } from "./subtitle_fixtures.ts";

/** `length` bytes from a fixed seed (xorshift32), so a failure can be replayed. */
function randomBytes(length: number, seed: number): Uint8Array {
  let state = seed;
  return Uint8Array.from({ length }, () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state & 0xff;
  });
}

/** A real SQLite database file holding English text rows. */
function sqliteBytes(): Uint8Array {
  const dir = Deno.makeTempDirSync({ prefix: "tmcp-utf16-" });
  try {
    const db = new DatabaseSync(`${dir}/notes.db`);
    db.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)");
    const insert = db.prepare("INSERT INTO notes (text) VALUES (?)");
    for (let i = 0; i < 200; i++) insert.run(`Morning, everyone. Note ${i} about the plan.`);
    db.close();
    return Deno.readFileSync(`${dir}/notes.db`);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

/** `data` deflated (raw, as zip stores it, or zlib-wrapped, as PNG does). */
async function deflated(
  data: Uint8Array<ArrayBuffer>,
  format: "deflate" | "deflate-raw",
): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream(format));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Little-endian fields of the given byte widths, as zip headers are laid out. */
function fields(...pairs: Array<[number, 2 | 4]>): Uint8Array {
  const bytes = new Uint8Array(pairs.reduce((sum, [, width]) => sum + width, 0));
  const view = new DataView(bytes.buffer);
  let at = 0;
  for (const [value, width] of pairs) {
    if (width === 2) view.setUint16(at, value, true);
    else view.setUint32(at, value, true);
    at += width;
  }
  return bytes;
}

/**
 * `parts` one after the other.
 *
 * @example
 * ```ts
 * import { joinBytes } from "./binary_fixtures.ts";
 * joinBytes(Uint8Array.of(1), Uint8Array.of(2, 3)); // Uint8Array [1, 2, 3]
 * ```
 */
export function joinBytes(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/** A zip archive (local header, deflated data, central directory) holding one VTT file. */
async function zipBytes(): Promise<Uint8Array> {
  const content = new TextEncoder().encode(teamsVtt(MEETING));
  const data = await deflated(content, "deflate-raw");
  const name = new TextEncoder().encode("teams.vtt");
  const sizes: Array<[number, 2 | 4]> = [[0, 4], [data.length, 4], [content.length, 4]];
  const local = joinBytes(
    fields([0x04034b50, 4], [20, 2], [0, 2], [8, 2], [0, 2], [0x5a21, 2], ...sizes),
    fields([name.length, 2], [0, 2]),
    name,
    data,
  );
  const central = joinBytes(
    fields([0x02014b50, 4], [20, 2], [20, 2], [0, 2], [8, 2], [0, 2], [0x5a21, 2], ...sizes),
    fields([name.length, 2], [0, 2], [0, 2], [0, 2], [0, 2], [0, 4], [0, 4]),
    name,
  );
  const end = fields(
    [0x06054b50, 4],
    [0, 2],
    [0, 2],
    [1, 2],
    [1, 2],
    [central.length, 4],
    [local.length, 4],
    [0, 2],
  );
  return joinBytes(local, central, end);
}

/** A PNG (signature, IHDR, zlib IDAT of a gradient, IEND); CRCs left zero. */
async function pngBytes(): Promise<Uint8Array> {
  const chunk = (type: string, data: Uint8Array) => {
    const head = new Uint8Array(8);
    new DataView(head.buffer).setUint32(0, data.length);
    head.set(new TextEncoder().encode(type), 4);
    return joinBytes(head, data, new Uint8Array(4));
  };
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, 64);
  new DataView(header.buffer).setUint32(4, 64);
  header.set([8, 2, 0, 0, 0], 8);
  const pixels = Uint8Array.from({ length: 64 * (1 + 64 * 3) }, (_, i) => (i * 7) % 251);
  return joinBytes(
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", await deflated(pixels, "deflate")),
    chunk("IEND", new Uint8Array()),
  );
}

/** 16-bit little-endian counts below 256: a NUL at every odd offset, as unmarked text has. */
function smallNumbers(): Uint8Array {
  const bytes = new Uint8Array(2048);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 1024; i++) view.setUint16(i * 2, (i * 37) % 256, true);
  return bytes;
}

/**
 * Binary files, each named: random bytes (also with every other byte NUL, as unmarked
 * UTF-16 text has), a SQLite database, a PNG, a zip archive and 16-bit numbers.
 *
 * @example
 * ```ts
 * import { binarySamples } from "./binary_fixtures.ts";
 * const samples = await binarySamples();
 * samples.map(([name]) => name); // ["random", "random, every other byte NUL", "sqlite", ...]
 * ```
 */
export async function binarySamples(): Promise<Array<[string, Uint8Array]>> {
  return [
    ["random", randomBytes(4096, 0x2545f491)],
    ["random, every other byte NUL", randomBytes(4096, 7).map((b, i) => i % 2 ? 0 : b)],
    ["sqlite", sqliteBytes()],
    ["png", await pngBytes()],
    ["zip", await zipBytes()],
    ["16-bit numbers", smallNumbers()],
  ];
}
