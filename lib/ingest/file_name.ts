/**
 * What a transcript's file name says: its title and, where the name holds one, when it was
 * recorded. Recorders name files after the time: `2025-03-14 Weekly sync.vtt`, Zoom's
 * `GMT20250402-150000_Recording.transcript.vtt` (UTC), Zoom's local folders
 * `2025-04-02 15.00.00 Weekly sync`, Teams' `Weekly sync-20250314_101532-Meeting
 * Recording`, phones' `Recording_20250314_101532`. Such a date is the recorder's local time,
 * read here as this machine's local time (the one who recorded is the one who serves,
 * usually), except Zoom's GMT stamp, which is UTC. The title is the name without its
 * extension, sub-extensions (`.transcript`, `.cc`, a language tag such as `.en`), the date
 * and a `Recording` word after a title (Teams); a name that would leave nothing keeps its
 * stem. So Zoom's file is titled "Recording", Teams' "Weekly sync".
 *
 * @module
 */

/** The title, the creation time (RFC 3339 UTC, or null) and a language tag of a file name. */
export interface NameFacts {
  /** The title: the name without extension and recognised date or recording prefix. */
  title: string;
  /** When it was recorded, as the name says, or null. */
  createdAt: string | null;
  /** A language tag from a sub-extension (`talk.en.srt`), or null. */
  language: string | null;
}

const EXTENSION = /\.[A-Za-z0-9]{1,10}$/;
const SUB_EXTENSION = /\.(?:transcript|cc|captions?|subtitles?)$/i;
const LANGUAGE_TAG = /\.([a-z]{2})(?:[-_]([A-Z]{2}|[0-9]{3}))?$/;
const ZOOM_STAMP = /GMT([0-9]{4})([0-9]{2})([0-9]{2})-([0-9]{2})([0-9]{2})([0-9]{2})/;
const DATE_TIME = new RegExp(
  "(?<![0-9])([0-9]{4})([-_.]?)([0-9]{2})\\2([0-9]{2})" +
    "(?:(?:[ _T]|[ _]at[ _]|-)([0-9]{2})[.:_h-]?([0-9]{2})(?:[.:_m-]?([0-9]{2}))?)?(?![0-9])",
);
const SEPARATORS_END = /[\s_.,-]+$/;
const SEPARATORS_START = /^[\s_.,-]+/;
const RECORDING_SUFFIX = /[ _-]+(?:Meeting[ _-])?(?:Recording|Transcript)$/i;

/**
 * The facts of `fileName` (a path's last part is used).
 *
 * @example
 * ```ts
 * import { nameFacts } from "./file_name.ts";
 * nameFacts("GMT20250402-150000_Recording.transcript.vtt").createdAt;
 * // "2025-04-02T15:00:00.000Z"
 * nameFacts("2025-03-14 Weekly sync.vtt").title; // "Weekly sync"
 * nameFacts("talk.en.srt"); // { title: "talk", createdAt: null, language: "en" }
 * ```
 */
export function nameFacts(fileName: string): NameFacts {
  const base = fileName.slice(Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\")) + 1);
  let stem = base.startsWith(".") ? base : base.replace(EXTENSION, "");
  let language: string | null = null;
  for (let changed = true; changed;) {
    const before = stem;
    stem = stem.replace(SUB_EXTENSION, "");
    const tag = LANGUAGE_TAG.exec(stem);
    if (tag !== null && tag.index > 0) {
      language ??= tag[2] === undefined ? tag[1]! : `${tag[1]}-${tag[2]}`;
      stem = stem.slice(0, tag.index);
    }
    changed = stem !== before;
  }
  const found = zoomStamp(stem) ?? localStamp(stem);
  if (found === null) return { title: stem, createdAt: null, language };
  const head = stem.slice(0, found.index).replace(SEPARATORS_END, "");
  const tail = stem.slice(found.index + found.length).replace(SEPARATORS_START, "");
  const title = [head, tail].filter((part) => part !== "").join(" ").replace(RECORDING_SUFFIX, "");
  return { title: title === "" ? stem : title, createdAt: found.createdAt, language };
}

interface Stamp {
  index: number;
  length: number;
  createdAt: string;
}

function zoomStamp(stem: string): Stamp | null {
  const match = ZOOM_STAMP.exec(stem);
  if (match === null) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as number[];
  const time = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!));
  // Date.UTC carries what overflows: month 13 is the next year's January.
  if (
    time.getUTCFullYear() !== year || time.getUTCMonth() !== month! - 1 ||
    time.getUTCDate() !== day || time.getUTCHours() !== hour
  ) {
    return null;
  }
  return { index: match.index, length: match[0].length, createdAt: time.toISOString() };
}

function localStamp(stem: string): Stamp | null {
  const match = DATE_TIME.exec(stem);
  if (match === null) return null;
  const [year, month, day] = [match[1], match[3], match[4]].map(Number) as number[];
  if (year! < 1970 || year! > 2200 || month! < 1 || month! > 12) return null;
  const clock = [match[5], match[6], match[7] ?? "0"].map(Number) as number[];
  const hasTime = match[5] !== undefined && clock[0]! < 24 && clock[1]! < 60 && clock[2]! < 60;
  const [hour, minute, second] = hasTime ? clock : [0, 0, 0];
  const time = new Date(year!, month! - 1, day!, hour!, minute!, second!);
  if (time.getDate() !== day || time.getMonth() !== month! - 1) return null;
  // A time that is not one (25.61) stays in the title; the date alone is taken.
  const dateLength = match[2]!.length * 2 + 8;
  const length = hasTime ? match[0].length : dateLength;
  return { index: match.index, length, createdAt: time.toISOString() };
}
