/**
 * A folder of many small WebVTT calls, for `index` runs that take a while.
 */
import { join } from "node:path";

/**
 * Writes `count` small WebVTT files (two timed cues each) under `folder`, a folder per hundred.
 *
 * @example
 * ```ts
 * import { writeVttFolder } from "./vtt_folder.ts";
 * writeVttFolder("/tmp/calls", 1_500);
 * ```
 */
export function writeVttFolder(folder: string, count: number): void {
  for (let i = 0; i < count; i++) {
    const dir = join(folder, `part-${Math.floor(i / 100)}`);
    if (i % 100 === 0) Deno.mkdirSync(dir, { recursive: true });
    Deno.writeTextFileSync(
      join(dir, `call-${i}.vtt`),
      `WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Ann>Call ${i} opens the budget.\n\n` +
        `00:00:04.000 --> 00:00:06.500\n<v Omar>Then we close call ${i}.\n`,
    );
  }
}
