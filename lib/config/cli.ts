/**
 * The command line: what each invocation asks for, and the help text.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { SERVER_NAME } from "./version.ts";
import { SOURCE_NAME_PATTERN } from "./source_name.ts";
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from "./limits.ts";

/** The usage text `--help` prints; docs/cli.md quotes it and a test keeps them equal. */
export const USAGE = `Usage: ${SERVER_NAME} [command] [options]

Read-only MCP server for local transcripts and tasks, over stdio: stores of ours,
the databases of screenpipe, Meetily, Buzz, rousseau and KuraDB, read as they
are, and folders of transcript files (VTT, SRT, Whisper JSON, Otter, text).

Commands:
  (none)              Serve MCP over stdin/stdout.
  tools               Print the tool definitions as JSON.
  call TOOL [JSON]    Run one tool with JSON arguments and print its result.
                      Exits 1 when the tool answers with an error.
  check               Report on each source: kind, counts, search-index health, notes.
  discover            Look for transcript stores where the supported apps keep them
                      and print a client config that serves them. Reads only.
  index SOURCE... --out STORE
                      Build or refresh STORE, a store of ours, from the sources
                      ([NAME=]PATH, as --source takes): changed items rewritten,
                      vanished ones removed, ids kept. The one command that writes,
                      and only STORE.

Options:
  --source [NAME=]PATH
                      A source to read: a database (a store of ours or an app's,
                      detected from its tables), a folder of transcript files, or
                      KuraDB's folder (one source per database). Repeat it to
                      serve several. NAME (a-z, 0-9, _ and -, up to 32) defaults
                      to the app's name or the file's.
  --db PATH           The same as --source PATH. With neither: $TRANSCRIPT_MCP_DB,
                      else <data dir>/transcript-mcp/store.db (XDG_DATA_HOME or
                      ~/.local/share on Linux, ~/Library/Application Support on
                      macOS, %APPDATA% on Windows).
  --demo              Use the built-in demo store (in memory) instead.
  --out STORE         The store index writes.
  --tools NAME        Add a seed tool set beside the native tools: the tool names,
                      arguments and answers of an app's own MCP server (rousseau:
                      rousseau_search_sessions, rousseau_list_sessions,
                      rousseau_read_session, rousseau_cron_list; kuradb:
                      list_rag, search_rag). Repeat it or give a comma list.
  --timeout-ms N      Deadline of one tool call, in milliseconds (default ${DEFAULT_TIMEOUT_MS},
                      at most ${MAX_TIMEOUT_MS}). A call past it answers "timeout"
                      and its query is stopped.
  -h, --help          Print this help.
  -V, --version       Print the version.

Exit codes: 0 ok, 1 a tool call failed, check found a problem or index could not
read a source, 2 bad usage, no usable source or an --out index refuses.`;

/** A source as named on the command line: `--source [NAME=]PATH` or `--db PATH`. */
export interface SourceFlag {
  /** The NAME given before `=`, or null. */
  name: string | null;
  /** The path as typed. */
  path: string;
  /** The option that named it, for the log line. */
  option: "--source" | "--db";
}

/** Where the sources come from: the demo, or the named paths (none: the default store). */
export type StoreChoice = { kind: "demo" } | { kind: "paths"; flags: SourceFlag[] };

/** One parsed invocation. */
export type Command =
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "serve"; store: StoreChoice; timeoutMs: number; toolSets: string[] }
  | { kind: "tools"; toolSets: string[] }
  | {
    kind: "call";
    store: StoreChoice;
    tool: string;
    args: string | undefined;
    timeoutMs: number;
    toolSets: string[];
  }
  | { kind: "check"; store: StoreChoice }
  | { kind: "discover" }
  | { kind: "index"; store: StoreChoice; out: string }
  | { kind: "usage-error"; message: string };

/**
 * Parses the command line. Mistakes come back as `usage-error` with a one-line message.
 * `toolSetNames` are the sets `--tools` may name (lib/tools/tool_sets.ts): an unknown one is
 * a usage error whatever the command, even one that adds no tools.
 *
 * @example
 * ```ts
 * import { parseCommandLine } from "./cli.ts";
 * parseCommandLine(["--source", "work=/data/store.db"], ["rousseau", "kuradb"]);
 * // { kind: "serve", timeoutMs: 5000, toolSets: [],
 * //   store: { kind: "paths", flags: [{ name: "work", path: "/data/store.db", option: "--source" }] } }
 * ```
 */
export function parseCommandLine(
  args: readonly string[],
  toolSetNames: readonly string[],
): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      tokens: true,
      options: {
        db: { type: "string" },
        source: { type: "string", multiple: true },
        demo: { type: "boolean" },
        "timeout-ms": { type: "string" },
        out: { type: "string" },
        tools: { type: "string", multiple: true },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "V" },
      },
    });
  } catch (error) {
    return { kind: "usage-error", message: describeParseError(error) };
  }
  const { values, positionals, tokens } = parsed;
  if (values.help || values.version) {
    // They print and exit, so a word beside them would go unread: say so, as for a command.
    if (positionals.length > 0) {
      return { kind: "usage-error", message: `Unexpected argument '${positionals[0]}'` };
    }
    return { kind: values.help ? "help" : "version" };
  }
  // parseArgs keeps the last of a repeated single-value option: a second --db would drop the
  // first store unsaid.
  const twice = SINGLE_VALUE_OPTIONS.find((name) =>
    tokens.filter((token) => token.kind === "option" && token.name === name).length > 1
  );
  if (twice !== undefined) {
    const hint = twice === "db" ? "; to serve several, use --source" : "";
    return { kind: "usage-error", message: `--${twice} is given twice${hint}` };
  }
  if (values.demo && values.db !== undefined) {
    return { kind: "usage-error", message: "--db and --demo cannot be used together" };
  }
  if (values.demo && values.source !== undefined) {
    return { kind: "usage-error", message: "--source and --demo cannot be used together" };
  }
  if (values.db === "") return { kind: "usage-error", message: "--db needs a path" };
  const flags: SourceFlag[] = [];
  for (const text of values.source ?? []) {
    const flag = parseSourceFlag(text);
    if (typeof flag === "string") return { kind: "usage-error", message: flag };
    flags.push(flag);
  }
  if (values.db !== undefined) flags.push({ name: null, path: values.db, option: "--db" });
  const store: StoreChoice = values.demo ? { kind: "demo" } : { kind: "paths", flags };
  const timeoutText = values["timeout-ms"] ?? String(DEFAULT_TIMEOUT_MS);
  const timeoutMs = Number(timeoutText);
  if (!/^\d+$/.test(timeoutText) || timeoutMs < 1 || timeoutMs > MAX_TIMEOUT_MS) {
    return {
      kind: "usage-error",
      message: `--timeout-ms takes a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`,
    };
  }
  const toolSets = [
    ...new Set((values.tools ?? []).flatMap((text) => text.split(",")).map((name) => name.trim())),
  ];
  if (toolSets.includes("")) return { kind: "usage-error", message: "--tools needs a set name" };
  const unknownSet = toolSets.find((name) => !toolSetNames.includes(name));
  if (unknownSet !== undefined) {
    return {
      kind: "usage-error",
      message: `--tools: no tool set '${unknownSet}'; sets: ${toolSetNames.join(", ")}`,
    };
  }
  const [command, ...rest] = positionals;
  if (command === "index") return parseIndex(rest, flags, values.demo === true, values.out);
  if (values.out !== undefined) {
    return { kind: "usage-error", message: "--out is only for the index command" };
  }
  const extra = (max: number) =>
    rest.length > max
      ? { kind: "usage-error" as const, message: `Unexpected argument '${rest[max]}'` }
      : undefined;
  switch (command) {
    case undefined:
      return { kind: "serve", store, timeoutMs, toolSets };
    case "tools":
      return extra(0) ?? { kind: "tools", toolSets };
    case "check":
      return extra(0) ?? { kind: "check", store };
    case "discover":
      // It would look in the default places all the same: say so rather than ignore them.
      if (values.demo || flags.length > 0) {
        return {
          kind: "usage-error",
          message: "discover looks where the apps keep their databases: " +
            "it takes no --source, --db or --demo",
        };
      }
      return extra(0) ?? { kind: "discover" };
    case "call": {
      const [tool, json] = rest;
      if (tool === undefined) return { kind: "usage-error", message: "call needs a tool name" };
      return extra(2) ?? { kind: "call", store, tool, args: json, timeoutMs, toolSets };
    }
    default:
      return { kind: "usage-error", message: `Unknown command '${command}'` };
  }
}

/** `index SOURCE... --out STORE`: the positionals after `index` are sources, as --source. */
function parseIndex(
  positionals: readonly string[],
  flags: SourceFlag[],
  demo: boolean,
  out: string | undefined,
): Command {
  if (demo && positionals.length > 0) {
    return { kind: "usage-error", message: "SOURCE and --demo cannot be used together" };
  }
  for (const text of positionals) {
    const flag = parseSourceFlag(text);
    if (typeof flag === "string") return { kind: "usage-error", message: flag };
    flags.push(flag);
  }
  if (out === undefined || out === "") {
    return { kind: "usage-error", message: "index needs --out STORE, the store to write" };
  }
  if (!demo && flags.length === 0) {
    return { kind: "usage-error", message: "index needs at least one SOURCE to read" };
  }
  return { kind: "index", store: demo ? { kind: "demo" } : { kind: "paths", flags }, out };
}

/**
 * One `--source` value: `NAME=PATH`, or a PATH alone. Text before the first `=` is a name
 * when it holds no path separator and does not start with `.` or `~`; a path that has an
 * `=` of its own can be written `./a=b.db`. Returns the message of a usage error.
 *
 * @example
 * ```ts
 * import { parseSourceFlag } from "./cli.ts";
 * parseSourceFlag("work=/data/store.db");
 * // { name: "work", path: "/data/store.db", option: "--source" }
 * ```
 */
export function parseSourceFlag(text: string): SourceFlag | string {
  const equals = text.indexOf("=");
  const head = equals === -1 ? "" : text.slice(0, equals);
  const isName = equals > 0 && !/[\\/]/.test(head) && !/^[.~]/.test(head);
  const flag: SourceFlag = isName
    ? { name: head, path: text.slice(equals + 1), option: "--source" }
    : { name: null, path: text, option: "--source" };
  if (flag.name !== null && !SOURCE_NAME_PATTERN.test(flag.name)) {
    return `--source name '${flag.name}' must be 1 to 32 of a-z, 0-9, _ and -, starting ` +
      "with a letter or digit";
  }
  if (flag.path === "") return "--source needs a path";
  return flag;
}

/** The options that take one value, and so may be given once. */
const SINGLE_VALUE_OPTIONS = ["db", "out", "timeout-ms"] as const;

/** What a value-taking option holds, for "needs a …" messages. */
const OPTION_VALUES: Record<string, string> = {
  "--db": "a path",
  "--source": "a path",
  "--timeout-ms": "a number",
  "--out": "a path",
  "--tools": "a set name",
};

/**
 * node:util's parseArgs messages run to several lines of advice about `--` and quote the
 * option unevenly; the option's name is all a user needs, with a pointer to --help.
 */
function describeParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // An option with a short form is quoted as '-V, --version': its long name is the one.
  const option = /'(?:-\w, )?(-[^' ]*)/.exec(message)?.[1];
  const code = (error as { code?: string } | null)?.code;
  if (option !== undefined && code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    return `Unknown option ${option}`;
  }
  if (option !== undefined && code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    return OPTION_VALUES[option] === undefined
      ? `${option} takes no value`
      : `${option} needs ${OPTION_VALUES[option]}`;
  }
  return message.split("\n", 1)[0] ?? "";
}
