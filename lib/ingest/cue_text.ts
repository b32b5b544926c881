/**
 * A subtitle cue's payload as clean text: markup tags (`<c.yellow>`, `<i>`, `<b>`, `<lang
 * en>`, `<font color=…>`, inline timestamps `<00:00:01.000>`, `</v>`) and SubStation
 * override blocks (`{\an8}`) removed, entities decoded, whitespace collapsed. Each scan is
 * one pass over the payload: long lines of stray `<` or `{` never make it quadratic.
 *
 * @module
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  lrm: "",
  rlm: "",
};

const ENTITY = /&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,6});/g;
const WHITESPACE_RUN = /\s+/g;

/**
 * The clean text of a cue payload (its lines joined with a space first). `singleSpaced`
 * says the payload is known to hold no whitespace but single spaces (cue_blocks.ts tests
 * a whole file once), so only what cleaning itself does (a tag removed between two
 * spaces, an entity decoded) calls for collapsing runs: testing every cue costs more than
 * the rest of cleaning.
 *
 * @example
 * ```ts
 * import { cleanCueText } from "./cue_text.ts";
 * cleanCueText("<v Ann>Fish &amp; <i>chips</i></v>"); // "Fish & chips"
 * cleanCueText("{\\an8}Up <00:00:01.500><c>here</c>"); // "Up here"
 * ```
 */
export function cleanCueText(payload: string, singleSpaced = false): string {
  let text = payload;
  marksLeftSpaces = !singleSpaced;
  if (text.includes("<")) text = stripTags(text);
  if (text.includes("{\\")) text = stripOverrides(text);
  if (text.includes("&")) {
    text = text.replace(ENTITY, decodeEntity);
    marksLeftSpaces = true;
  }
  return (marksLeftSpaces ? text.replace(WHITESPACE_RUN, " ") : text).trim();
}

/**
 * Set by stripMarks when a removal may have left two spaces side by side. Cleaning is
 * synchronous, so one flag serves every call.
 */
let marksLeftSpaces = false;

/** A voice span's opening tag in a payload: where it starts and ends, and the name. */
export interface VoiceTag {
  /** The index of its `<`. */
  at: number;
  /** The index just past its `>`. */
  end: number;
  /** The speaker it names, or null when it names none (`<v >`). */
  name: string | null;
}

/**
 * The first voice span's opening tag in `payload` at or after `from`, or null: none, or
 * one not closed by a `>`.
 *
 * @example
 * ```ts
 * import { nextVoice } from "./cue_text.ts";
 * nextVoice("<v Ann>Hi. <v Ben>Yo.", 7); // { at: 11, end: 18, name: "Ben" }
 * ```
 */
export function nextVoice(payload: string, from: number): VoiceTag | null {
  let at = payload.indexOf("<v", from);
  while (at !== -1) {
    const next = payload.charCodeAt(at + 2);
    // "<v" then a space, tab or class dot; "<video>" or "<var>" is not a voice.
    if (next === 0x20 || next === 0x09 || next === 0x2e) {
      const close = payload.indexOf(">", at);
      if (close === -1) return null;
      const tag = payload.slice(at + 2, close);
      const space = tag.includes("\t") ? tag.replaceAll("\t", " ").indexOf(" ") : tag.indexOf(" ");
      const name = space === -1 ? "" : cleanCueText(tag.slice(space + 1), isSingleSpaced(tag));
      return { at, end: close + 1, name: name === "" ? null : name };
    }
    at = payload.indexOf("<v", at + 2);
  }
  return null;
}

/** Whether `text` has no whitespace to collapse: no tab or line end, no two spaces together. */
function isSingleSpaced(text: string): boolean {
  return !LOOSE_NAME_SPACES.test(text);
}

const LOOSE_NAME_SPACES = /\s\s|[^\S ]/;

/** Removes `<…>` tags: a `<` then a letter, `/` or digit (an inline timestamp); `< 5` is text. */
function stripTags(text: string): string {
  return stripMarks(
    text,
    "<",
    ">",
    (code) =>
      (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x2f ||
      (code >= 0x30 && code <= 0x39),
  );
}

/** Removes SubStation override blocks `{\…}`. */
function stripOverrides(text: string): string {
  return stripMarks(text, "{", "}", (code) => code === 0x5c);
}

/**
 * Removes the marks `opener`…`closer` whose second character passes `marks`. An opener with
 * no closer after it, or with another opener before its closer, is text. The next closer is
 * looked up once and reused until the scan passes it, so the work is linear whatever the
 * line holds.
 */
function stripMarks(
  text: string,
  opener: string,
  closer: string,
  marks: (code: number) => boolean,
): string {
  const parts: string[] = [];
  let from = 0;
  let open = text.indexOf(opener);
  let close = -1;
  while (open !== -1) {
    if (close < open) close = text.indexOf(closer, open);
    if (close === -1) break;
    const nextOpen = text.indexOf(opener, open + 1);
    if (nextOpen !== -1 && nextOpen < close) {
      open = nextOpen;
      continue;
    }
    if (marks(text.charCodeAt(open + 1))) {
      // A space after the mark, and one before it (or a removal just before): two may meet.
      if (
        text.charCodeAt(close + 1) === 0x20 && (from === open || text.charCodeAt(open - 1) === 0x20)
      ) {
        marksLeftSpaces = true;
      }
      if (open > from) parts.push(text.slice(from, open));
      from = close + 1;
    }
    open = nextOpen;
  }
  // Marks only before the text (a voice span's `<v Ann>`) leave one part: a slice of the
  // payload, not a copy.
  if (parts.length === 0) return from === 0 ? text : text.slice(from);
  parts.push(text.slice(from));
  return parts.join("");
}

function decodeEntity(entity: string, body: string): string {
  if (body.charCodeAt(0) !== 0x23) return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  const hex = body[1] === "x" || body[1] === "X";
  const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
  const surrogate = code >= 0xd800 && code <= 0xdfff;
  return code > 0 && code <= 0x10ffff && !surrogate ? String.fromCodePoint(code) : entity;
}
