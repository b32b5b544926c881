/**
 * The rousseau sessions a reader keeps rendered, so a search's hits, a listing and the pages
 * of get_turns that follow do not parse a payload again. Bounded by count and by the text
 * held: a rendering holds its text about three times (segments, text, turnsText), and 64
 * sessions of 5 MB each took a worker past its heap, ending the server.
 *
 * @module
 */
import type { ReadSession } from "./rousseau.ts";

/** The characters a rendering holds, about: its segments' texts, its text and turnsText. */
function charsOf(read: ReadSession): number {
  return read.rendered.text.length + 2 * read.rendered.turnsText.length;
}

/**
 * Renderings by session id, oldest dropped first past `maxCount` of them or `maxChars` of
 * text; the one kept last always stays.
 *
 * @example
 * ```ts
 * import { KeptRenderings } from "./rousseau_kept.ts";
 * new KeptRenderings(64, 1_000_000).get("5e55a000"); // undefined
 * ```
 */
export class KeptRenderings {
  readonly #kept = new Map<string, ReadSession>();
  readonly #maxCount: number;
  readonly #maxChars: number;
  #chars = 0;

  /** Keeps at most `maxCount` renderings and, but for the newest, `maxChars` of text. */
  constructor(maxCount: number, maxChars: number) {
    this.#maxCount = maxCount;
    this.#maxChars = maxChars;
  }

  /** The rendering kept for session `id`, or undefined. */
  get(id: string): ReadSession | undefined {
    return this.#kept.get(id);
  }

  /** Keeps `read` (in place of one kept for its session), dropping the oldest past the bounds. */
  keep(read: ReadSession): void {
    this.#drop(read.head.id);
    this.#kept.set(read.head.id, read);
    this.#chars += charsOf(read);
    while (
      this.#kept.size > 1 && (this.#kept.size > this.#maxCount || this.#chars > this.#maxChars)
    ) {
      this.#drop(this.#kept.keys().next().value!);
    }
  }

  #drop(id: string): void {
    const old = this.#kept.get(id);
    if (old === undefined) return;
    this.#chars -= charsOf(old);
    this.#kept.delete(id);
  }
}
