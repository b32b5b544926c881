/**
 * The cue blocks of a WebVTT or SRT file, read line by line in one pass: a timing line
 * (`START --> END`) opens a cue, its payload runs to the next blank line. What real files
 * do beside the specs is tolerated: a missing blank line between cues (an index line before
 * the next timing line is then dropped), no final blank line, cue ids of any form or none,
 * indices missing or out of order, and a paragraph after a blank line inside a cue, which
 * stays with that cue.
 *
 * @module
 */
import { printable } from "../text/printable.ts";
import { cueTiming } from "./cue_clock.ts";

/** One cue as written: its times and payload lines, tags and all. */
export interface RawCue {
  /** Start in ms. */
  startMs: number;
  /** End in ms, never before the start. */
  endMs: number;
  /** The payload lines, as they are in the file. */
  payload: string[];
}

/**
 * The cues of a file, the header lines a WebVTT file has after `WEBVTT`, and whether every
 * payload is single-spaced (no tab, no two spaces in a row, no line that starts or ends
 * with a space), which spares cleaning a test per cue.
 */
export type CueScan =
  | { ok: true; cues: RawCue[]; header: string[]; singleSpaced: boolean }
  | { ok: false; reason: string };

const LINE_BREAK = /\r\n|\r|\n/;
const INDEX = /^[0-9]+$/;
/**
 * What makes a payload other than single-spaced (U+00A0 and kin are kept as text): one scan
 * of the file for all of them, where a search for each took two and a half times as long.
 */
const LOOSE_SPACES = / {2}|\t| \n|\n | \r|\r |\v|\f/;
/**
 * WebVTT blocks that hold no cue text; a cue id may not start with them either. A `WEBVTT`
 * block past the first line is the header of a file appended to another (`cat a.vtt b.vtt`).
 */
const NON_CUE_BLOCK = /^(?:NOTE|STYLE|REGION|WEBVTT)(?:[ \t]|$)/;

/**
 * The lines of `text`, whichever line ends it uses (CR, LF or CRLF).
 *
 * @example
 * ```ts
 * import { textLines } from "./cue_blocks.ts";
 * textLines("a\r\nb\rc\nd"); // ["a", "b", "c", "d"]
 * ```
 */
export function textLines(text: string): string[] {
  return text.includes("\r") ? text.split(LINE_BREAK) : text.split("\n");
}

/**
 * The cue blocks of `text`; `vtt` skips the `WEBVTT` header and NOTE, STYLE and REGION
 * blocks. A timing line that does not parse makes the file unreadable, with its line
 * number: guessing at times would misplace every quote taken from it; unless it is the
 * file's unfinished last line, or a line of a cue's text that holds `-->`.
 *
 * @example
 * ```ts
 * import { scanCues } from "./cue_blocks.ts";
 * const scan = scanCues("1\n00:00:01,000 --> 00:00:02,500\nHello\n", false);
 * scan.ok && scan.cues; // [{ startMs: 1000, endMs: 2500, payload: ["Hello"] }]
 * ```
 */
export function scanCues(text: string, vtt: boolean): CueScan {
  const lines = textLines(text);
  const header: string[] = [];
  let index = 0;
  if (vtt && lines[0]?.startsWith("WEBVTT")) {
    index = 1;
    while (index < lines.length && !isBlank(lines[index]!) && !lines[index]!.includes("-->")) {
      header.push(lines[index++]!);
    }
  }
  const cues: RawCue[] = [];
  let open: RawCue | null = null;
  let loose: string[] = [];
  let skipping = false;
  const keepLoose = () => {
    const last = cues[cues.length - 1];
    if (last !== undefined && loose.length > 0) last.payload.push(...loose);
    loose = [];
  };
  for (; index < lines.length; index++) {
    const line = lines[index]!;
    if (skipping) {
      skipping = !isBlank(line);
      continue;
    }
    if (line.includes("-->")) {
      const timing = cueTiming(line);
      // Within a cue, a line that is no timing is its text ("A --> B", said or typed): the
      // specs forbid it in a payload, and files hold it. Only the file's last line may be a
      // timing line cut short.
      if (timing === null && open !== null && index !== lines.length - 1) {
        open.payload.push(line);
        continue;
      }
      // The last line, with no line break after it: a file being written (or copied) cut
      // mid-line. Its cues so far are read; the next read takes the rest.
      if (timing === null && index !== lines.length - 1) {
        return {
          ok: false,
          reason: `line ${index + 1} is not a cue timing: "${printable(line, 80)}"`,
        };
      }
      if (open !== null) {
        if (INDEX.test(open.payload[open.payload.length - 1] ?? "")) open.payload.pop();
      } else if (loose.length > 0) {
        loose.pop(); // the cue's id or index
        keepLoose();
      }
      if (timing === null) break;
      open = { startMs: timing.startMs, endMs: timing.endMs, payload: [] };
      cues.push(open);
    } else if (isBlank(line)) {
      open = null;
      keepLoose();
    } else if (open !== null) {
      open.payload.push(line);
    } else if (vtt && loose.length === 0 && NON_CUE_BLOCK.test(line)) {
      skipping = true;
    } else {
      loose.push(line);
    }
  }
  keepLoose();
  return {
    ok: true,
    cues,
    header,
    singleSpaced: !LOOSE_SPACES.test(text),
  };
}

function isBlank(line: string): boolean {
  return line.length === 0 || line.trim().length === 0;
}
