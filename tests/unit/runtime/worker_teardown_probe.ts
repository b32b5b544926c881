/**
 * Starts a worker that fills its heap with about 60 MB of small live objects, ends it, and
 * watches this process's resident memory for up to three seconds. Prints {grown, returned}
 * in bytes: how much the worker added, and how much of it went back to the system. Run with
 * and without --v8-flags=--no-memory-pool-share-memory-on-teardown.
 */
const FILL =
  "self.onmessage = () => { const keep = []; for (let i = 0; i < 600000; i++) keep.push({ i, s: 's' + i, a: [i] }); self.postMessage(keep.length); };";

const rss = () => Deno.memoryUsage().rss;
const before = rss();
const worker = new Worker(`data:text/javascript,${encodeURIComponent(FILL)}`, { type: "module" });
await new Promise((resolve) => {
  worker.onmessage = resolve;
  worker.postMessage(null);
});
const full = rss();
worker.terminate();
let lowest = full;
for (let i = 0; i < 60 && full - lowest < 0.75 * (full - before); i++) {
  await new Promise((resolve) => setTimeout(resolve, 50));
  lowest = Math.min(lowest, rss());
}
console.log(JSON.stringify({ grown: full - before, returned: full - lowest }));
