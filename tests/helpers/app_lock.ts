/**
 * An app holding its database locked, in a process of its own (tests/wire/fixtures/
 * lock_holder.ts): an exclusive lock, which in a rollback journal keeps readers out.
 */
import { fileURLToPath } from "node:url";
import { assertEquals } from "./assert.ts";
import { lines } from "./lines.ts";

const HOLDER = fileURLToPath(new URL("../wire/fixtures/lock_holder.ts", import.meta.url));

/**
 * Locks the database at `path` and resolves once it is locked, with the function that lets
 * go (and resolves once it has; calling it again waits for the same).
 *
 * @example
 * ```ts
 * const release = await holdLock("/tmp/meeting_minutes.sqlite");
 * await release();
 * ```
 */
export async function holdLock(path: string): Promise<() => Promise<void>> {
  const holder = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-write", HOLDER, path],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const events = lines(holder.stdout);
  assertEquals((await events.next()).value, "locked");
  let released: Promise<void> | undefined;
  // Once, however often it is called (a test's finally calls it again).
  return () =>
    released ??= (async () => {
      await holder.stdin.close();
      assertEquals((await events.next()).value, "released");
      await holder.status;
    })();
}
