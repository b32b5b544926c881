/**
 * A transcript as Markdown, the way `resources/read` shows it and prompts embed it: a header
 * (title, date, source, id, speakers), then one line per turn, `[h:mm:ss] Speaker: text`,
 * or plain paragraphs where the source keeps no segments. A transcript over the byte budget
 * is cut at a turn boundary, and its last line tells how to read on.
 *
 * @module
 */
import { clockTime, readFromList, type Turn } from "../../sources/turns.ts";
import { capText, utf8Length } from "../response_budget.ts";
import { cutAtWord, jsonTextBytes } from "../../sources/turn_text_bytes.ts";
import { turnsCursor } from "../get_turns.ts";
import type { TranscriptTurns } from "./transcript_turns.ts";
import { FIELD_CAPS } from "../../config/limits.ts";

/** What the header shows of a transcript. */
export interface MarkdownHead {
  /** The public id, as the tools take it. */
  id: string;
  /** Its title. */
  title: string;
  /** When it was recorded, RFC 3339. */
  createdAt: string;
  /** What kind of recording it is (meeting, voice_note, …), or null. */
  source: string | null;
  /** The name of the source it is read from. */
  sourceName: string;
}

/** A transcript rendered as Markdown within a budget. */
export interface TranscriptMarkdown {
  /** The Markdown. */
  markdown: string;
  /** Its size in UTF-8 bytes. */
  bytes: number;
  /** How many turns it shows. */
  shownTurns: number;
  /** How many turns the transcript has. */
  totalTurns: number;
}

/** What `text` weighs inside a JSON string, as an answer carries it: escapes counted. */
function carried(text: string): number {
  return jsonTextBytes(text) - 2;
}

/** Runs of white space (line breaks included) as one space: a turn stays on its line. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * `turn`, or the start of it where that alone, on one line, is over `maxBytes`: the rest
 * could never be shown, and lines made of a whole 50 MB turn took more than a worker's heap.
 */
function clipped(turn: Turn, maxBytes: number): Turn {
  if (turn.text.length <= 2 * maxBytes) return turn;
  const start = turn.text.slice(0, 2 * maxBytes);
  return utf8Length(oneLine(start)) > maxBytes ? { ...turn, text: start } : turn;
}

/** The distinct speakers of `turns`, in order of first appearance. */
function speakersOf(turns: readonly Turn[]): string[] {
  const seen = new Set<string>();
  for (const turn of turns) if (turn.speaker !== null) seen.add(oneLine(turn.speaker));
  return [...seen];
}

/** One turn's line: its time and speaker where known, then what was said. */
function turnLine(turn: Turn): string {
  const at = turn.startMs === null ? "" : `[${clockTime(turn.startMs)}] `;
  const who = turn.speaker === null ? "" : `${oneLine(turn.speaker)}: `;
  return `${at}${who}${oneLine(turn.text)}`;
}

/**
 * The last line of a cut transcript: where it stops and how to read on with get_turns, from
 * the first turn left out.
 */
function readOnLine(
  id: string,
  read: TranscriptTurns,
  shown: number,
  budget: number,
  inPart = false,
): string {
  const next = read.turns[shown]!;
  const total = read.turns.length;
  // A cursor, not fromMs: a turn that ends where the next starts overlaps it, and came again.
  // It is checked against the segments read here, so a get_turns of a changed item refuses it.
  const from = readFromList(read.segments);
  const args = JSON.stringify({ id, cursor: turnsCursor(id, next.seq, from, read.fromSegments) });
  const where = next.startMs === null
    ? `${args} (turn ${shown + 1} on) and follow its nextCursor`
    : `${args} (from ${clockTime(next.startMs)}) and follow its nextCursor`;
  const part = inPart ? `, and turn ${shown + 1} in part` : "";
  return `_Cut here at ${budget.toLocaleString("en-US")} bytes: ${shown} of ${total} turns ` +
    `shown${part}. Read on with get_turns ${where}._`;
}

/**
 * The first turn's line cut at a word to fit `room` bytes beside the read-on line `last`,
 * for a transcript whose first turn alone is over the budget: text rather than none.
 */
function partOfFirst(turn: Turn, room: number): string {
  const line = turnLine(turn);
  // The text alone is cut: in the line, the space after the speaker is a word boundary too,
  // and a text without spaces (Chinese, Japanese) was cut there, to nothing.
  const text = oneLine(turn.text);
  const lead = line.slice(0, line.length - text.length);
  // cutAtWord counts bytes as JSON writes them, as the room is: the part fits.
  const left = room - carried(`\n${lead} …\n`);
  const { end } = cutAtWord(text, text.length, Math.max(0, left));
  return `\n${lead}${text.slice(0, end)} …\n`;
}

/**
 * `turns` of the transcript `head` as Markdown of at most `maxBytes` bytes as a JSON string
 * carries it (escapes and line breaks counted; the whole header always): cut, when over,
 * after the last turn that fits with the read-on line, or, when not even the first fits,
 * inside it at a word.
 *
 * @example
 * ```ts
 * import { transcriptMarkdown } from "./transcript_markdown.ts";
 * const head = {
 *   id: "7f0c", title: "Standup", createdAt: "2026-11-02T09:30:00.000Z", source: "meeting",
 *   sourceName: "store",
 * };
 * const turns = [{ seq: 0, startMs: 754_000, endMs: 760_000, speaker: "Lena", text: "Ship it." }];
 * transcriptMarkdown(head, { turns, fromSegments: true, segments: turns }, 1_000_000).markdown.endsWith(
 *   "[0:12:34] Lena: Ship it.\n",
 * ); // true
 * ```
 */
export function transcriptMarkdown(
  head: MarkdownHead,
  read: TranscriptTurns,
  maxBytes: number,
): TranscriptMarkdown {
  const turns = read.turns.map((turn) => clipped(turn, maxBytes));
  const { fromSegments } = read;
  const speakers = speakersOf(turns);
  const label = head.source === null ? "" : ` (${oneLine(capText(head.source, FIELD_CAPS.label))})`;
  const header = [
    `# ${oneLine(capText(head.title, FIELD_CAPS.title)) || head.id}`,
    "",
    `- Date: ${capText(head.createdAt, FIELD_CAPS.timestamp)}`,
    `- Source: ${head.sourceName}${label}`,
    `- Id: ${head.id}`,
    `- Speakers: ${
      speakers.length > 0
        ? capText(speakers.join(", "), FIELD_CAPS.snippet)
        : fromSegments
        ? "not recorded"
        : "not recorded (no segments: the text follows as paragraphs)"
    }`,
  ].join("\n") + "\n";
  const lines = turns.map((turn) => `\n${turnLine(turn)}\n`);
  let bytes = carried(header);
  // Lines are weighed only as far as the budget reaches: a long transcript's tail is not.
  const sizes: number[] = [];
  let shown = 0;
  while (shown < lines.length) {
    sizes.push(carried(lines[shown]!));
    if (bytes + sizes[shown]! > maxBytes) break;
    bytes += sizes[shown++]!;
  }
  if (shown === lines.length) {
    const markdown = header + lines.join("");
    return { markdown, bytes: utf8Length(markdown), shownTurns: shown, totalTurns: shown };
  }
  // Room for the read-on line: turns are given back until it fits.
  const readOn = () => `\n${readOnLine(head.id, read, shown, maxBytes)}\n`;
  let last = readOn();
  while (shown > 0 && bytes + carried(last) > maxBytes) {
    bytes -= sizes[--shown]!;
    last = readOn();
  }
  if (shown === 0 && turns.length > 0) {
    last = `\n${readOnLine(head.id, read, 0, maxBytes, true)}\n`;
    const part = partOfFirst(turns[0]!, maxBytes - bytes - carried(last));
    const markdown = header + part + last;
    return { markdown, bytes: utf8Length(markdown), shownTurns: 0, totalTurns: turns.length };
  }
  const markdown = header + lines.slice(0, shown).join("") + last;
  return { markdown, bytes: utf8Length(markdown), shownTurns: shown, totalTurns: turns.length };
}
