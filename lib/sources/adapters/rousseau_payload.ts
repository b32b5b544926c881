/**
 * A rousseau session's `payload` (the whole `agent.Session` as Go's encoding/json wrote it)
 * rendered to what a reader shows: one segment per text block, speaker the message's role.
 * Tool calls, tool results and images are never shown: a run of them between two text
 * blocks leaves one marker line in the document's text (`[not shown: 2 tool calls, 1 tool
 * result]`), and nothing of their content (tool input, tool output, image bytes) is kept.
 *
 * Times: Go writes a zero `time.Time` as `0001-01-01T00:00:00Z` (assistant and tool
 * messages carry it); such a time is no time and comes out as null.
 *
 * @module
 */
import type { SegmentRecord } from "../source_reader.ts";

/** A session as a reader shows it. */
export interface RenderedSession {
  /** One per text block, in order. */
  segments: SegmentRecord[];
  /** The document's text: each segment as `role: text`, with marker lines, one a line. */
  text: string;
  /** The segments alone as `role: text` lines: what search and previews read. */
  turnsText: string;
  /** How many messages the payload holds. */
  messages: number;
  /** Each message's role (null when it has none), in order. */
  roles: (string | null)[];
  /** The index of the message each segment comes from, by `seq`. */
  messageOf: number[];
  /** How many blocks of each kind were left out. */
  hidden: HiddenBlocks;
  /** Whether the payload could not be read as a session (then nothing is shown). */
  unreadable: boolean;
}

/** Blocks a rendering leaves out, by kind. */
export interface HiddenBlocks {
  /** `tool_use` blocks. */
  toolCalls: number;
  /** `tool_result` blocks. */
  toolResults: number;
  /** `image` blocks. */
  images: number;
  /** Blocks of any other kind. */
  other: number;
}

const ZERO_TIME = /^0001-01-01T00:00:00/;
/** The form rousseau's tables keep (`2006-01-02T15:04:05.000Z`): RFC 3339 as it is. */
const TABLE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
/** Go's RFC 3339 (any fraction, `Z` or an offset): Date.parse alone reads "5" as May 2001. */
const GO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

/**
 * The RFC 3339 UTC text of a time rousseau wrote, or null for Go's zero time or text that
 * is no time.
 *
 * @example
 * ```ts
 * import { goTime } from "./rousseau_payload.ts";
 * goTime("2026-07-11T10:00:00.123456789Z"); // "2026-07-11T10:00:00.123Z"
 * goTime("0001-01-01T00:00:00Z"); // null
 * ```
 */
export function goTime(value: unknown): string | null {
  if (typeof value !== "string" || ZERO_TIME.test(value) || !GO_TIME.test(value)) return null;
  if (TABLE_TIME.test(value) && value >= "1000" && !Number.isNaN(Date.parse(value))) return value;
  const ms = Date.parse(value);
  if (!Number.isFinite(ms) || ms < Date.UTC(1, 0, 2) || ms >= Date.UTC(10_000, 0, 1)) return null;
  return new Date(ms).toISOString();
}

const NAMES: Record<keyof HiddenBlocks, [string, string]> = {
  toolCalls: ["tool call", "tool calls"],
  toolResults: ["tool result", "tool results"],
  images: ["image", "images"],
  other: ["other block", "other blocks"],
};

/**
 * The marker line for a run of blocks left out, or null when there were none.
 *
 * @example
 * ```ts
 * import { hiddenMarker } from "./rousseau_payload.ts";
 * hiddenMarker({ toolCalls: 2, toolResults: 1, images: 0, other: 0 });
 * // "[not shown: 2 tool calls, 1 tool result]"
 * ```
 */
export function hiddenMarker(hidden: HiddenBlocks): string | null {
  const parts = (Object.keys(NAMES) as (keyof HiddenBlocks)[])
    .filter((kind) => hidden[kind] > 0)
    .map((kind) => `${hidden[kind]} ${NAMES[kind][hidden[kind] === 1 ? 0 : 1]}`);
  return parts.length === 0 ? null : `[not shown: ${parts.join(", ")}]`;
}

function noneHidden(): HiddenBlocks {
  return { toolCalls: 0, toolResults: 0, images: 0, other: 0 };
}

function hiddenKind(kind: unknown): keyof HiddenBlocks {
  if (kind === "tool_use") return "toolCalls";
  if (kind === "tool_result") return "toolResults";
  if (kind === "image") return "images";
  return "other";
}

/**
 * Renders a session payload. `startMs` is the session's start (its `created_at`), from
 * which a user message's real time gives its segments' `startMs`; segments of messages
 * with Go's zero time (assistant and tool messages) have none.
 *
 * @example
 * ```ts
 * import { renderPayload } from "./rousseau_payload.ts";
 * const payload = JSON.stringify({
 *   messages: [
 *     { role: "user", content: [{ kind: "text", text: "hi" }], created_at: "2026-07-11T10:00:05Z" },
 *     { role: "assistant", content: [{ kind: "tool_use", tool_use: { name: "x" } }],
 *       created_at: "0001-01-01T00:00:00Z" },
 *     { role: "assistant", content: [{ kind: "text", text: "hello" }],
 *       created_at: "0001-01-01T00:00:00Z" },
 *   ],
 * });
 * renderPayload(payload, Date.parse("2026-07-11T10:00:00Z")).text;
 * // "user: hi\n[not shown: 1 tool call]\nassistant: hello"
 * ```
 */
export function renderPayload(payload: string, startMs: number | null): RenderedSession {
  const segments: SegmentRecord[] = [];
  const lines: string[] = [];
  const total = noneHidden();
  let pending = noneHidden();
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    parsed = undefined;
  }
  const messages = (parsed as { messages?: unknown } | null)?.messages;
  if (
    typeof parsed !== "object" || parsed === null || (messages != null && !Array.isArray(messages))
  ) {
    return {
      segments,
      text: "",
      turnsText: "",
      messages: 0,
      roles: [],
      messageOf: [],
      hidden: total,
      unreadable: true,
    };
  }
  const list: unknown[] = Array.isArray(messages) ? messages : [];
  const roles: (string | null)[] = [];
  const messageOf: number[] = [];
  const flush = () => {
    const marker = hiddenMarker(pending);
    if (marker !== null) lines.push(marker);
    pending = noneHidden();
  };
  for (const [index, message] of list.entries()) {
    const { role, content, created_at } = (message ?? {}) as Record<string, unknown>;
    const speaker = typeof role === "string" && role !== "" ? role : null;
    roles.push(speaker);
    const at = goTime(created_at);
    const offset = at === null || startMs === null ? null : Date.parse(at) - startMs;
    for (const block of Array.isArray(content) ? content : []) {
      const { kind, text } = (block ?? {}) as Record<string, unknown>;
      if ((kind === "text" || kind === undefined) && typeof text === "string") {
        if (text === "") continue;
        flush();
        messageOf.push(index);
        segments.push({
          seq: segments.length,
          startMs: offset !== null && offset >= 0 ? offset : null,
          endMs: null,
          speaker,
          text,
        });
        lines.push(`${speaker ?? "unknown"}: ${text}`);
        continue;
      }
      const hidden = hiddenKind(kind);
      pending[hidden]++;
      total[hidden]++;
    }
  }
  flush();
  return {
    segments,
    text: lines.join("\n"),
    turnsText: segments.map((segment) => `${segment.speaker ?? "unknown"}: ${segment.text}`)
      .join("\n"),
    messages: list.length,
    roles,
    messageOf,
    hidden: total,
    unreadable: false,
  };
}
