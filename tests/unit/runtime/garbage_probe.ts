/**
 * Leaves about 40 MB of dead strings on the heap, then asks a GarbageCollector to
 * collect. Prints {collected, before, after} heap bytes as JSON. Run with and without
 * --v8-flags=--expose-gc.
 */
import { GarbageCollector } from "../../../lib/runtime/garbage_collector.ts";

let keep: string[] = [];
// Flat strings, as SQLite's text arrives; repeat() alone would make small ropes.
for (let i = 0; i < 400; i++) keep.push(JSON.stringify({ text: `word${i} `.repeat(12_000) }));
keep = [];
const before = Deno.memoryUsage().heapUsed;
const collected = new GarbageCollector().afterCall();
const after = Deno.memoryUsage().heapUsed;
console.log(JSON.stringify({ collected, before, after, keep: keep.length }));
