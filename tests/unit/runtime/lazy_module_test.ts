/**
 * A module loaded on first use (lib/runtime/lazy_module.ts): nothing is loaded before the first
 * ask, callers that ask at once share one load, and a failed load is tried again.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { LazyModule } from "../../../lib/runtime/lazy_module.ts";

Deno.test("a lazy module loads nothing until asked, then once for callers that ask at once", async () => {
  let loads = 0;
  let finish = (_value: string) => {};
  const lazy = new LazyModule(() => {
    loads++;
    return new Promise<string>((resolve) => (finish = resolve));
  });
  assertEquals(loads, 0);
  assertEquals(lazy.started, false);
  assertEquals(lazy.loaded, undefined);
  const first = [lazy.get(), lazy.get(), lazy.get()];
  assertEquals(loads, 1);
  assertEquals(lazy.started, true);
  assertEquals(lazy.loaded, undefined, "not there while it loads");
  finish("module");
  assertEquals(await Promise.all(first), ["module", "module", "module"]);
  assertEquals(lazy.loaded, "module");
  assertEquals(await lazy.get(), "module");
  assertEquals(loads, 1);
});

Deno.test("a failed load is not kept: the next caller loads again", async () => {
  let loads = 0;
  const lazy = new LazyModule(() => {
    loads++;
    return loads === 1 ? Promise.reject(new Error("disk hiccup")) : Promise.resolve(42);
  });
  const failures = await Promise.allSettled([lazy.get(), lazy.get()]);
  assert(failures.every((result) => result.status === "rejected"));
  assertEquals(loads, 1, "callers during the failed load shared it");
  assertEquals(lazy.started, false);
  assertEquals(lazy.loaded, undefined);
  assertEquals(await lazy.get(), 42);
  assertEquals(loads, 2);
});

Deno.test("a real module loads on first use, the same module object for concurrent first callers", async () => {
  const prompts = new LazyModule(() => import("../../../lib/protocol/prompts/prompt_methods.ts"));
  const [a, b] = await Promise.all([prompts.get(), prompts.get()]);
  assert(a === b);
  assertEquals(typeof a.listPrompts, "function");
});
