/**
 * Transcript files written for these tests, in the dialects real tools write (Teams, Zoom,
 * whisper.cpp, openai-whisper, WhisperX, YouTube, subtitle editors, Otter), from one list of
 * utterances, so a test can compare what a parser reads with what was written. Nothing here
 * is copied from a real file: the shapes follow the tools' writers (docs/sources.md).
 */

/** One thing said: who, when (ms) and what. */
export interface Utterance {
  speaker: string;
  startMs: number;
  endMs: number;
  text: string;
}

/**
 * A short meeting: names with spaces, punctuation, an ampersand, angle brackets and
 * accents to survive markup, a cue past the hour, and one speaker twice in a row.
 */
export const MEETING: readonly Utterance[] = [
  { speaker: "Ann Lee", startMs: 1_500, endMs: 4_200, text: "Morning, everyone. Shall we start?" },
  { speaker: "Omar Haddad", startMs: 4_200, endMs: 7_950, text: "Yes: pricing first & hiring." },
  { speaker: "Ann Lee", startMs: 8_000, endMs: 12_340, text: "The café <draft> is late." },
  { speaker: "Ann Lee", startMs: 12_340, endMs: 15_001, text: "Naïve of us, really." },
  { speaker: "Omar Haddad", startMs: 3_725_010, endMs: 3_727_500, text: "Agreed. Bye!" },
];

/** `ms` as `hh:mm:ss.ttt`, or with `,`, unpadded hours, or no hours below an hour. */
export function stamp(
  ms: number,
  options: { comma?: boolean; unpaddedHours?: boolean; hoursIfNeeded?: boolean } = {},
): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const seconds = Math.floor(ms / 1000) % 60;
  const rest = `${pad(minutes)}:${pad(seconds)}${options.comma ? "," : "."}${pad(ms % 1000, 3)}`;
  if (options.hoursIfNeeded && hours === 0) return rest;
  return `${options.unpaddedHours ? hours : pad(hours)}:${rest}`;
}

/** Text as a WebVTT payload must carry it: `&`, `<` and `>` as entities. */
export function escapeVtt(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

const cueLine = (u: Utterance, options: Parameters<typeof stamp>[1] = {}) =>
  `${stamp(u.startMs, options)} --> ${stamp(u.endMs, options)}`;

/** Microsoft Teams: GUID/n-0 cue ids, `<v Name>…</v>` voice spans. */
export function teamsVtt(utterances: readonly Utterance[]): string {
  const cues = utterances.map((u, i) =>
    `6f1c2a4e-93b1-4c55-8a0e-2d4b7c9e${String(1000 + i)}/${i + 11}-0\n${cueLine(u)}\n` +
    `<v ${u.speaker}>${escapeVtt(u.text)}</v>`
  );
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}

/** Zoom: numbered cues, `Name: text` payloads. */
export function zoomVtt(utterances: readonly Utterance[]): string {
  const cues = utterances.map((u, i) =>
    `${i + 1}\n${cueLine(u)}\n${u.speaker}: ${escapeVtt(u.text)}`
  );
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}

/** whisper.cpp `-ovtt --diarize`: `<v Speaker0>` never closed, text with a leading space. */
export function whisperCppVtt(utterances: readonly Utterance[]): string {
  const cues = utterances.map((u) => `${cueLine(u)}\n<v ${u.speaker}> ${escapeVtt(u.text)}`);
  return `WEBVTT\n\n${cues.join("\n\n")}\n\n`;
}

/** WhisperX: `[SPEAKER_00]: ` prefixes, `mm:ss.ttt` timings below the hour, no cue ids. */
export function whisperxVtt(utterances: readonly Utterance[]): string {
  const cues = utterances.map((u) =>
    `${cueLine(u, { hoursIfNeeded: true })}\n[${u.speaker}]: ${escapeVtt(u.text)}`
  );
  return `WEBVTT\n\n${cues.join("\n\n")}\n\n`;
}

/**
 * Everything the spec allows around cues: header text and lines, NOTE, STYLE and REGION
 * blocks, cue settings, multi-line payloads, inline tags (`<c>`, `<i>`, `<b>`, `<lang>`,
 * inline timestamps), entities, and `lineEnd` for line ends.
 */
export function decoratedVtt(utterances: readonly Utterance[], lineEnd = "\n"): string {
  const blocks = [
    "WEBVTT - Quarterly review\nKind: captions\nLanguage: en-GB",
    "STYLE\n::cue(.loud) { color: red }",
    "REGION\nid:left width:40%",
    "NOTE written for the parser tests\nspanning two lines",
    ...utterances.map((u, i) => {
      const words = escapeVtt(u.text).split(" ");
      const half = Math.ceil(words.length / 2);
      const first = words.slice(0, half).join(" ");
      const second = words.slice(half).join(" ");
      const tagged = i % 2 === 0
        ? `<v.loud ${u.speaker}><i>${first}</i>\n<c.yellow>${second}</c>`
        : `<v ${u.speaker}><lang en><b>${first}</b></lang>\n` +
          `<${stamp(u.startMs + 200)}><c> ${second}</c>`;
      return `cue-${i}\n${cueLine(u)} align:start line:90% position:10%\n${tagged}`;
    }),
    "NOTE the end",
  ];
  return `\uFEFF${blocks.join("\n\n")}\n`.replaceAll("\n", lineEnd);
}

/** SRT as subtitle editors write it: CRLF, `,` before ms, padded hours, a final blank line. */
export function standardSrt(utterances: readonly Utterance[]): string {
  const cues = utterances.map((u, i) => `${i + 1}\n${cueLine(u, { comma: true })}\n${u.text}`);
  return `${cues.join("\n\n")}\n\n`.replaceAll("\n", "\r\n");
}

/**
 * SRT as early openai-whisper and hand edits leave it: unpadded hours and `.` before ms,
 * `<i>`, `<font>` and `{\an8}` markup, indices out of order or missing, a payload over two
 * lines, no final blank line.
 */
export function roughSrt(utterances: readonly Utterance[]): string {
  const cues = utterances.map((u, i) => {
    const index = i === 1 ? "" : `${[3, 1, 2, 9, 7][i % 5]}\n`;
    const words = u.text.split(" ");
    const rest = words.length > 2 ? `\n${words.slice(2).join(" ")}` : "";
    const text = i % 2 === 0
      ? `{\\an8}<i>${words.slice(0, 2).join(" ")}</i>${rest}`
      : `<font color="#ffff00">${u.text}</font>`;
    return `${index}${cueLine(u, { unpaddedHours: true })}\n${text}`;
  });
  return cues.join("\n\n");
}

/** SRT with speakers as prefixes: `prefix(speaker)` is written before each text. */
export function prefixedSrt(
  utterances: readonly Utterance[],
  prefix: (speaker: string) => string,
): string {
  const cues = utterances.map((u, i) =>
    `${i + 1}\n${cueLine(u, { comma: true })}\n${prefix(u.speaker)}${u.text}`
  );
  return `${cues.join("\n\n")}\n`;
}

/** Otter.ai's text export: `Name  m:ss` headers, a paragraph each, Otter's footer. */
export function otterText(utterances: readonly Utterance[]): string {
  const clock = (ms: number) => {
    const seconds = Math.floor(ms / 1000);
    const mmss = `${Math.floor(seconds / 60) % 60}:${String(seconds % 60).padStart(2, "0")}`;
    const hours = Math.floor(seconds / 3600);
    return hours > 0 ? `${hours}:${mmss.padStart(5, "0")}` : mmss;
  };
  const paragraphs = utterances.map((u) => `${u.speaker}  ${clock(u.startMs)}\n${u.text}`);
  return `${paragraphs.join("\n\n")}\n\n\nTranscribed by https://otter.ai\n`;
}

/** `text` as UTF-16, little- or big-endian, with a byte order mark unless `mark` is false. */
export function utf16Bytes(text: string, littleEndian: boolean, mark = true): Uint8Array {
  const start = mark ? 2 : 0;
  const bytes = new Uint8Array(start + text.length * 2);
  const view = new DataView(bytes.buffer);
  if (mark) view.setUint16(0, 0xfeff, littleEndian);
  for (let i = 0; i < text.length; i++) {
    view.setUint16(start + i * 2, text.charCodeAt(i), littleEndian);
  }
  return bytes;
}

/** `text` as UTF-8, with a byte order mark when `mark`. */
export function utf8Bytes(text: string, mark = false): Uint8Array {
  return new TextEncoder().encode(mark ? `\uFEFF${text}` : text);
}
