/**
 * The host threads of the served folders: one worker per folder holds its index
 * (lib/sources/folder/folder_host.ts), and every other thread reads it over a link of its
 * own. One index per folder, however many threads read it: a folder is never indexed twice.
 *
 * @module
 */
import { describeError, logLine } from "../log.ts";
import { PARSER_START_DELAY_MS } from "../config/limits.ts";
import type { SourceSpec } from "../sources/source_set.ts";
import { type FolderLink, makeFolderLink } from "../sources/folder/folder_link.ts";
import type { ToParser, ToWorker } from "./worker_protocol.ts";

/**
 * A folder host's entry: folder_host_worker.ts beside this module, or in the release build
 * its bundle beside the main bundle (scripts/compile.ts).
 */
const FOLDER_HOST_WORKER_URL = new URL(
  import.meta.url.endsWith(".js") ? "./folder_host_worker.js" : "./folder_host_worker.ts",
  import.meta.url,
);

/**
 * The parsing thread's entry, started here for each host: a thread a worker starts takes
 * about half a second longer to start and to take its first message than one the main
 * thread starts (Deno 2.9.6; measured 525 ms and 502 ms, against 42 ms and 2 ms), which
 * the first pass of a folder spent waiting.
 */
const FOLDER_PARSE_WORKER_URL = new URL(
  import.meta.url.endsWith(".js") ? "./folder_parse_worker.js" : "./folder_parse_worker.ts",
  import.meta.url,
);

/**
 * The folders' hosts of one server.
 *
 * @example
 * ```ts
 * import { FolderHosts } from "./folder_hosts.ts";
 * const hosts = new FolderHosts(
 *   [{ kind: "path", name: "notes", path: "/home/ada/Transcripts", detected: "folder" }],
 * );
 * const { links, transfer } = hosts.links();
 * hosts.close();
 * ```
 */
export class FolderHosts {
  readonly #workers = new Map<string, Worker>();
  readonly #parsers: Worker[] = [];
  /** The parsing threads not started yet: each starts on {@link FolderHosts.startParsers}. */
  #unstarted: (() => Worker)[] = [];
  #fallback: ReturnType<typeof setTimeout> | undefined;

  /**
   * Starts a host for each folder of `sources`, on the worker entry at `workerUrl`: by
   * default the host's own (folder_host_worker.ts). The parsing thread of its first pass,
   * on `parserUrl` (folder_parse_worker.ts; none when null), starts on
   * {@link FolderHosts.startParsers}, or after `parserDelayMs` at the latest: loading it
   * beside this thread at start would slow the answer to initialize; until then the host
   * parses files itself.
   */
  constructor(
    sources: readonly SourceSpec[],
    workerUrl: URL = FOLDER_HOST_WORKER_URL,
    parserUrl: URL | null = FOLDER_PARSE_WORKER_URL,
    parserDelayMs: number = PARSER_START_DELAY_MS,
  ) {
    for (const spec of sources) {
      if (spec.kind !== "path" || spec.detected !== "folder") continue;
      const worker = new Worker(workerUrl, { type: "module" });
      worker.onerror = (event) => {
        event.preventDefault();
        logLine(`the index of source ${spec.name} failed: ${describeError(event.message)}`);
      };
      const start: ToWorker = { type: "folder-host", name: spec.name, path: spec.path };
      if (parserUrl === null) {
        worker.postMessage(start);
      } else {
        const { port1, port2 } = new MessageChannel();
        worker.postMessage({ ...start, parser: port1 }, [port1]);
        this.#unstarted.push(() => {
          const parser = new Worker(parserUrl, { type: "module" });
          parser.onerror = (event) => {
            // The host parses the rest itself.
            event.preventDefault();
            const failed: ToWorker = { type: "folder-parser-failed" };
            worker.postMessage(failed);
          };
          const connect: ToParser = { type: "folder-parse-port", port: port2 };
          parser.postMessage(connect, [port2]);
          return parser;
        });
      }
      this.#workers.set(spec.name, worker);
    }
    if (this.#unstarted.length > 0) {
      this.#fallback = setTimeout(() => this.startParsers(), parserDelayMs);
      // A client that never initializes should not keep the process alive for it.
      Deno.unrefTimer(Number(this.#fallback));
    }
  }

  /** Starts the folders' parsing threads, once: the server calls it once initialized. */
  startParsers(): void {
    clearTimeout(this.#fallback);
    for (const start of this.#unstarted) this.#parsers.push(start());
    this.#unstarted = [];
  }

  /** Whether any folder is served. */
  get any(): boolean {
    return this.#workers.size > 0;
  }

  /** A new link to the host of the folder `name`, or undefined when no folder has it. */
  link(name: string): FolderLink | undefined {
    const worker = this.#workers.get(name);
    if (worker === undefined) return undefined;
    const { host, caller } = makeFolderLink();
    const message: ToWorker = { type: "folder-link", link: host };
    worker.postMessage(message, [host.port]);
    return caller;
  }

  /** A new link to every folder's host, by source name, and the ports to transfer. */
  links(): { links: Record<string, FolderLink>; transfer: MessagePort[] } {
    const links: Record<string, FolderLink> = {};
    for (const name of this.#workers.keys()) links[name] = this.link(name)!;
    return { links, transfer: Object.values(links).map((link) => link.port) };
  }

  /** Stops every host. */
  close(): void {
    clearTimeout(this.#fallback);
    this.#unstarted = [];
    for (const worker of [...this.#workers.values(), ...this.#parsers]) worker.terminate();
    this.#workers.clear();
    this.#parsers.length = 0;
  }
}
