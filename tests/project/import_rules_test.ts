/**
 * The layering rules of lib/, checked by reading every import statement: data flows down,
 * nothing imports upward, and only the layers that own a connection touch node:sqlite.
 * docs/architecture.md describes the layers.
 */
import { assertEquals } from "../helpers/assert.ts";
import { sourceFiles } from "../helpers/source_files.ts";

const LIB = new URL("../../lib/", import.meta.url);

/**
 * What each folder of lib/ may import from lib/ besides itself. `log.ts` is the one leaf at
 * the top of lib/, and every layer may use it and config/.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  config: [],
  transport: ["config"],
  protocol: ["transport", "runtime", "tools", "sources", "text", "config"],
  runtime: ["tools", "search", "text", "store", "sources", "config"],
  tools: ["search", "text", "store", "sources", "config"],
  search: ["text", "store", "config"],
  text: ["config"],
  store: ["text", "config"],
  sources: ["store", "demo", "search", "text", "ingest", "config"],
  ingest: ["store", "text", "config"],
  demo: ["store", "config"],
};

/**
 * The folders (and single files) whose code may open or type SQLite directly: the layers
 * that own a connection, and the search layer's two scratch FTS5 tables in memory (the
 * snippet maker's, and the query parser that estimates a search's work).
 */
const MAY_USE_SQLITE = [
  "store/",
  "sources/",
  "ingest/",
  "demo/",
  "search/snippet.ts",
  "search/query_work.ts",
];

/** Tools never reach down into where calls run or how bytes travel. */
const TOOLS_NEVER_IMPORT = ["transport", "runtime"];

interface Import {
  from: string;
  specifier: string;
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** Every import specifier of one file, comments and JSDoc examples left out. */
function importsOf(path: string): Import[] {
  const source = Deno.readTextFileSync(new URL(path, LIB))
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  return [...source.matchAll(IMPORT)].map((m) => ({ from: path, specifier: (m[1] ?? m[2])! }));
}

/** The lib/ folder a path inside lib/ belongs to ("" for lib/'s own top level). */
function layerOf(libPath: string): string {
  const slash = libPath.indexOf("/");
  return slash === -1 ? "" : libPath.slice(0, slash);
}

/** Resolves a relative specifier of `from` to a path inside lib/, or null outside it. */
function resolveInLib(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const url = new URL(specifier, new URL(from, LIB));
  return url.href.startsWith(LIB.href) ? url.href.slice(LIB.href.length) : null;
}

const FILES = sourceFiles(LIB);
const IMPORTS = FILES.flatMap(importsOf);

/** Each import of `imports` that goes up the layers, as "FROM imports TARGET". */
function upwardImports(imports: readonly Import[]): string[] {
  return imports.flatMap(({ from, specifier }) => {
    const target = resolveInLib(from, specifier);
    if (target === null || target === "log.ts") return [];
    const [own, theirs] = [layerOf(from), layerOf(target)];
    if (own === theirs || theirs === "config") return [];
    if (own === "") return []; // log.ts is a leaf; main.ts is outside lib/
    const allowed = MAY_IMPORT[own];
    if (allowed === undefined) return [`${from}: folder ${own}/ has no rule`];
    return allowed.includes(theirs) ? [] : [`${from} imports ${target}`];
  });
}

Deno.test("lib/ layers import only the layers below them", () => {
  assertEquals(upwardImports(IMPORTS), []);
});

Deno.test("lib/ every folder has an import rule and the top level holds at most 8 files", () => {
  const folders = [...new Set(FILES.map(layerOf))].filter((f) => f !== "");
  assertEquals(folders.filter((f) => MAY_IMPORT[f] === undefined), []);
  const topLevel = [...Deno.readDirSync(LIB)].filter((e) => e.isFile);
  assertEquals(topLevel.length <= 8, true, `lib/ has ${topLevel.length} files at its top`);
});

Deno.test("lib/ only the store, sources, demo and search's scratch tables touch node:sqlite", () => {
  const users = IMPORTS.filter(({ specifier }) => specifier === "node:sqlite")
    .map(({ from }) => from)
    .filter((from) => !MAY_USE_SQLITE.some((allowed) => from.startsWith(allowed)));
  assertEquals(users, []);
});

Deno.test("lib/tools never imports transport/ or runtime/", () => {
  const reaching = IMPORTS.filter(({ from, specifier }) => {
    const target = resolveInLib(from, specifier);
    return layerOf(from) === "tools" && target !== null &&
      TOOLS_NEVER_IMPORT.includes(layerOf(target));
  }).map(({ from, specifier }) => `${from} imports ${specifier}`);
  assertEquals(reaching, []);
});

Deno.test("lib/ import rules catch a planted upward import and a folder with no rule", () => {
  const planted: Import[] = [
    { from: "store/store.ts", specifier: "../tools/tool.ts" },
    { from: "tools/tool.ts", specifier: "../runtime/deadline.ts" },
    { from: "bench/vtt.ts", specifier: "../store/store.ts" },
    { from: "tools/tool.ts", specifier: "../store/store.ts" },
    { from: "tools/tool.ts", specifier: "../log.ts" },
  ];
  assertEquals(upwardImports(planted), [
    "store/store.ts imports tools/tool.ts",
    "tools/tool.ts imports runtime/deadline.ts",
    "bench/vtt.ts: folder bench/ has no rule",
  ]);
  assertEquals(
    importsOf("log.ts").every(({ specifier }) => !specifier.startsWith(".")),
    true,
    "log.ts is a leaf",
  );
});

const ROOT = new URL("../../", import.meta.url);

Deno.test("no source file in the project is over 400 lines, except data", () => {
  const sources = ["lib/", "tests/", "scripts/", "bench/"].flatMap((folder) =>
    sourceFiles(new URL(folder, ROOT), folder)
  ).concat("main.ts");
  // limits.ts is a table too: every number an operator or client sees, in sections, kept
  // there by tests/unit/config/limits_test.ts so the code, --help and the docs read one place.
  const isData = (path: string) => path.endsWith("_data.ts") || path === "lib/config/limits.ts";
  const long = sources.filter((path) => !isData(path))
    .map((path) => ({ path, lines: Deno.readTextFileSync(new URL(path, ROOT)).split("\n").length }))
    .filter(({ lines }) => lines > 400)
    .map(({ path, lines }) => `${path}: ${lines} lines`);
  assertEquals(long, []);
});
