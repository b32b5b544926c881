/**
 * A served folder whose path comes to lead to another folder without any change inside the
 * one watched: a drive mounted on its empty mount point, or unmounted. Mounting needs rights
 * a test does not have, so the path here is a symbolic link, swapped in one step to another
 * folder: the watch, on the folder first found, sees nothing either way. Waits poll with a
 * generous timeout; nothing here is timed.
 */
import { join } from "node:path";
import { assertEquals } from "../helpers/assert.ts";
import { runCli, startServer } from "../helpers/server_process.ts";
import { folderSource, until } from "../helpers/served_folder.ts";

/** Points the link at `path` to `target` in one step, as a mount changes what a path is. */
function pointAt(path: string, target: string): void {
  Deno.symlinkSync(target, `${path}.next`);
  Deno.renameSync(`${path}.next`, path);
}

Deno.test("a served folder found empty, then mounted (or unmounted) under its path, is followed", async () => {
  const dir = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "tmcp-mount-" }));
  const mountPoint = join(dir, "mount-point");
  const drive = join(dir, "drive");
  const path = join(dir, "calls");
  Deno.mkdirSync(mountPoint);
  Deno.mkdirSync(drive);
  Deno.writeTextFileSync(join(drive, "standup.txt"), "The okapi plan, agreed by all of us.");
  Deno.writeTextFileSync(join(drive, "review.txt"), "The kiwi review.");
  Deno.symlinkSync(mountPoint, path);
  const server = startServer(["--source", `calls=${path}`]);
  const counted = async (count: number) => {
    const source = await folderSource(server);
    return source["available"] === true && source["transcripts"] === count &&
      !String(source["notes"]).startsWith("indexing");
  };
  try {
    await server.initialize();
    await until("the empty folder read", () => counted(0));
    const note =
      "the folder holds no transcript files (if it is a drive's mount point, is the drive mounted?)";
    assertEquals((await folderSource(server))["notes"], [note]);
    const checked = await runCli(["check", "--source", mountPoint]);
    assertEquals(checked.code, 0, checked.stdout + checked.stderr);
    assertEquals(checked.stdout.trimEnd().split("\n").at(-1), `note:           ${note}`);
    assertEquals((await runCli(["check", "--source", drive])).stdout.includes(note), false);

    pointAt(path, drive);
    await until("the drive's files found", () => counted(2));
    assertEquals((await folderSource(server))["notes"], []);
    const found = await server.callTool("search_transcripts", { query: "okapi" });
    assertEquals(found["structuredContent"].results.length, 1);

    pointAt(path, mountPoint);
    await until("the drive's files gone", () => counted(0));
  } finally {
    await server.kill();
    Deno.removeSync(dir, { recursive: true });
  }
});
