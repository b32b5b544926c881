/**
 * A folder of WebVTT files for the benchmark, deterministic for a seed and count: each file
 * is a transcript of bench/transcript_gen.ts (so the planted words mean what they mean for
 * our own store) written the way meeting apps write VTT: `<v Name>` voice spans (Teams, some
 * closed, some not), cue ids on some files, `Name: text` payloads (Zoom) on others, a date
 * in the file name, in a folder per year and month. The default, 1,000 files of about 60 KB,
 * is the 60 MB folder of issue #13.
 *
 * ```sh
 * deno run --allow-read --allow-write bench/gen_folder.ts --out /work/bench-cache/folder-1000 --count 1000
 * ```
 *
 * @module
 */
import { parseArgs } from "node:util";
import { ContentGenerator } from "./transcript_gen.ts";
import { formatBytes, positiveInteger } from "./gen_store.ts";
import type { Transcript } from "../lib/store/model.ts";

/** Mean words per file: with VTT's timing lines, about 60 KB a file. */
export const FOLDER_AVERAGE_WORDS = 8_800;

/** What {@link generateFolder} wrote. */
export interface FolderCounts {
  /** Files written. */
  files: number;
  /** Their bytes. */
  bytes: number;
  /** The bytes of their cues' text alone (what is indexed). */
  textBytes: number;
  /** Seconds taken. */
  seconds: number;
}

function clock(ms: number): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/**
 * The VTT text of `transcript` in dialect `n % 3`: Teams voices with ids and closing tags,
 * whisper.cpp voices without, Zoom's `Name: text`.
 *
 * @example
 * ```ts
 * import { vttOf } from "./gen_folder.ts";
 * import { ContentGenerator } from "./transcript_gen.ts";
 * const { transcript } = new ContentGenerator({ seed: 1, averageWords: 300, count: 1 }).item(0);
 * vttOf(transcript, 0).startsWith("WEBVTT"); // true
 * ```
 */
export function vttOf(transcript: Transcript, n: number): string {
  const dialect = n % 3;
  const parts = ["WEBVTT\n"];
  transcript.segments.forEach((segment, i) => {
    const id = dialect === 0 ? `${i + 1}\n` : "";
    const text = dialect === 0
      ? `<v ${segment.speaker}>${segment.text}</v>`
      : dialect === 1
      ? `<v ${segment.speaker}>${segment.text}`
      : `${segment.speaker}: ${segment.text}`;
    parts.push(`\n${id}${clock(segment.startMs)} --> ${clock(segment.endMs)}\n${text}\n`);
  });
  return parts.join("");
}

/** The folder-relative path of file `n`: a folder per year and month, the date in the name. */
export function folderFileName(transcript: Transcript, n: number): string {
  const date = transcript.createdAt.slice(0, 10);
  const title = transcript.title.replace(/[^A-Za-z0-9 _-]+/g, "").slice(0, 60).trim();
  return `${date.slice(0, 4)}/${date.slice(5, 7)}/${date} ${title} ${n}.vtt`;
}

/**
 * Writes `count` VTT files under `out` (emptied first).
 *
 * @example
 * ```ts
 * import { generateFolder } from "./gen_folder.ts";
 * generateFolder({ count: 20, out: "/tmp/folder-20" }).files; // 20
 * ```
 */
export function generateFolder(
  options: { count: number; out: string; seed?: number; averageWords?: number },
): FolderCounts {
  const started = performance.now();
  try {
    Deno.removeSync(options.out, { recursive: true });
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  const generator = new ContentGenerator({
    seed: options.seed ?? 1,
    averageWords: options.averageWords ?? FOLDER_AVERAGE_WORDS,
    count: options.count,
  });
  const encoder = new TextEncoder();
  let bytes = 0;
  let textBytes = 0;
  for (let n = 0; n < options.count; n++) {
    const { transcript } = generator.item(n);
    const path = `${options.out}/${folderFileName(transcript, n)}`;
    Deno.mkdirSync(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    const data = encoder.encode(vttOf(transcript, n));
    Deno.writeFileSync(path, data);
    bytes += data.length;
    for (const segment of transcript.segments) textBytes += encoder.encode(segment.text).length;
  }
  return {
    files: options.count,
    bytes,
    textBytes,
    seconds: (performance.now() - started) / 1000,
  };
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { count: { type: "string" }, out: { type: "string" }, seed: { type: "string" } },
  });
  if (values.out === undefined) throw new Error("--out: required");
  const counts = generateFolder({
    count: positiveInteger("count", values.count, 1_000),
    out: values.out,
    seed: positiveInteger("seed", values.seed, 1),
  });
  console.log(
    `gen-folder: ${counts.files} files, ${formatBytes(counts.bytes)} ` +
      `(${formatBytes(counts.textBytes)} of cue text) in ${counts.seconds.toFixed(1)} s`,
  );
}
