/**
 * What `index` shows while it runs and when it ends: a progress bar redrawn in place on a
 * terminal, plain progress lines elsewhere (a log, a pipe), and the summary.
 *
 * @module
 */
import { INDEX_BAR_REDRAW_MS, INDEX_BAR_WIDTH, INDEX_PROGRESS_EVERY } from "../config/limits.ts";
import type { IndexSummary, ProgressListener } from "./index_run.ts";
import { printable } from "../text/printable.ts";

/** Where progress goes: text to write, and whether it is a terminal. */
export interface ProgressOutput {
  /** Writes text as it is (no newline added). */
  write(text: string): void;
  /** Whether the output is a terminal, where a bar can be redrawn in place. */
  terminal: boolean;
}

/** A progress display: the listener a run calls, and `end` once it is over. */
export interface ProgressDisplay {
  /** Called after each item read. */
  onProgress: ProgressListener;
  /** Ends the display: a terminal's bar gets its final state and a newline. */
  end(): void;
}

function counted(source: string, done: number, total: number | null): string {
  return total === null || total < done ? `${source}: ${done}` : `${source}: ${done}/${total}`;
}

/**
 * The progress display for `output`.
 *
 * @example
 * ```ts
 * import { progressDisplay } from "./index_report.ts";
 * const display = progressDisplay({ write: (text) => console.error(text), terminal: false });
 * for (let done = 1; done <= 100; done++) display.onProgress("meetily", done, 100);
 * display.end(); // printed "transcript-mcp: index: meetily: 100/100 items" once
 * ```
 */
export function progressDisplay(output: ProgressOutput): ProgressDisplay {
  if (!output.terminal) {
    return {
      onProgress(source, done, total) {
        if (done % INDEX_PROGRESS_EVERY === 0) {
          output.write(`transcript-mcp: index: ${counted(source, done, total)} items\n`);
        }
      },
      end() {},
    };
  }
  let last = "";
  let drawnAt = -Infinity;
  const draw = (line: string) => {
    // Pads over a longer line drawn before.
    output.write(`\r${line.padEnd(last.length)}`);
    last = line;
    drawnAt = performance.now();
  };
  let pending = "";
  return {
    onProgress(source, done, total) {
      const share = total === null || total === 0 ? null : Math.min(1, done / total);
      const bar = share === null
        ? ""
        : `[${"#".repeat(Math.round(share * INDEX_BAR_WIDTH)).padEnd(INDEX_BAR_WIDTH, ".")}] `;
      pending = `${bar}${counted(source, done, total)}`;
      if (performance.now() - drawnAt >= INDEX_BAR_REDRAW_MS) draw(pending);
    },
    end() {
      if (pending !== "" && pending !== last) draw(pending);
      if (last !== "") output.write("\n");
    },
  };
}

/**
 * The summary `index` prints at the end: one line of counts, then a line for each item
 * skipped and each source whose items were kept unread.
 *
 * @example
 * ```ts
 * import { formatSummary } from "./index_report.ts";
 * formatSummary("/data/archive.db", {
 *   added: 3, updated: 1, removed: 0, unchanged: 40, skipped: [], kept: [], untimed: 0,
 *   unchangedSources: [],
 * });
 * // "indexed into /data/archive.db: 3 added, 1 updated, 0 removed, 40 unchanged, 0 skipped"
 * ```
 */
export function formatSummary(out: string, summary: IndexSummary): string {
  const { added, updated, removed, unchanged, skipped, kept, untimed, unchangedSources } = summary;
  const lines = [
    `indexed into ${out}: ${added} added, ${updated} updated, ${removed} removed, ` +
    `${unchanged} unchanged, ${skipped.length} skipped`,
    // A file's name may hold a line break: shown escaped, one line per item.
    ...skipped.map((item) =>
      `skipped ${printable(item.id, Infinity)} (source ${item.source}): ${item.reason}`
    ),
    ...kept.map((source) =>
      `kept ${source.count} items of source ${source.source} as they were: ` +
      (source.empty ? source.reason : `it could not be read (${source.reason})`)
    ),
  ];
  if (unchangedSources.length > 0) {
    lines.push(
      `not read, their files unchanged since the last run: ${unchangedSources.join(", ")}`,
    );
  }
  if (untimed > 0) {
    lines.push(
      `note: ${untimed} transcripts have segments without times, stored as text alone ` +
        "(the store's segments need times)",
    );
  }
  return lines.join("\n");
}
