/**
 * `deno task compile` either builds a working binary (where Deno can fetch its runtime,
 * as on GitHub's runners) or fails in one clear line naming DENORT_BIN (offline, as here).
 */
import { join } from "node:path";
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { PROJECT_ROOT } from "../helpers/server_process.ts";
import { testBundleDir } from "../../scripts/test_bundle.ts";
import { VERSION } from "../../lib/config/version.ts";
import { readStartPermissionFlags } from "../../scripts/permission_flags.ts";

Deno.test("compile builds a binary that runs, or fails in one line naming DENORT_BIN", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const binary = join(dir, Deno.build.os === "windows" ? "transcript-mcp.exe" : "transcript-mcp");
    const env = { ...Deno.env.toObject() };
    delete env["DENORT_BIN"];
    const result = await new Deno.Command(Deno.execPath(), {
      args: ["task", "--quiet", "compile", "--output", binary],
      cwd: PROJECT_ROOT,
      env,
      clearEnv: true,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(result.stderr).trim();
    if (result.success) {
      const version = await new Deno.Command(binary, { args: ["--version"], stdout: "piped" })
        .output();
      assertEquals(new TextDecoder().decode(version.stdout).trim(), `transcript-mcp ${VERSION}`);
    } else {
      assertEquals(result.code, 1);
      assertEquals(stderr.split("\n").length, 1, `one line: ${stderr}`);
      assertMatch(stderr, /DENORT_BIN/);
      assert(!/\n\s+at |Stack backtrace/.test(stderr));
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("the release bundle passes the smoke test under the binary's permission flags", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    // `deno task test` built the bundle from this checkout already (scripts/test.ts); else
    // it is built here, as `deno task compile` builds it.
    const bundle = testBundleDir() ?? dir;
    if (bundle === dir) {
      const bundled = await new Deno.Command(Deno.execPath(), {
        args: ["task", "--quiet", "compile", "--bundle-only", "--bundle-dir", dir],
        cwd: PROJECT_ROOT,
        stderr: "piped",
      }).output();
      assertEquals(bundled.code, 0, new TextDecoder().decode(bundled.stderr));
    }
    const smoke = await new Deno.Command(Deno.execPath(), {
      args: [
        "task",
        "--quiet",
        "smoke",
        Deno.execPath(),
        "run",
        ...readStartPermissionFlags(),
        join(bundle, "main.js"),
      ],
      cwd: PROJECT_ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const said = new TextDecoder().decode(smoke.stdout) + new TextDecoder().decode(smoke.stderr);
    assertEquals(smoke.code, 0, said);
    assertMatch(said, /smoke: passed/);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
