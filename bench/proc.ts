/**
 * Reading Linux /proc files. Deno grants /proc only to a fully privileged process, so
 * rather than run the whole benchmark with --allow-all, the file is read by `cat`, which
 * the benchmark's --allow-run already covers.
 *
 * @module
 */

/**
 * The text of a /proc file, or null when there is none (not Linux, or the process ended).
 *
 * @example
 * ```ts
 * import { readProcFile } from "./proc.ts";
 * readProcFile("/proc/meminfo")?.split("\n")[0]; // "MemTotal: … kB"
 * ```
 */
export function readProcFile(path: string): string | null {
  if (Deno.build.os !== "linux") return null;
  try {
    const output = new Deno.Command("cat", { args: [path], stdout: "piped", stderr: "null" })
      .outputSync();
    return output.success ? new TextDecoder().decode(output.stdout) : null;
  } catch {
    return null;
  }
}

/** A process's memory, in bytes, from /proc/PID/status. */
export interface ProcessMemory {
  /** Peak resident set size (VmHWM). */
  peakRss: number;
  /** Resident anonymous memory now (RssAnon): heaps, SQLite's page caches. */
  anon: number;
  /** Resident file-backed memory now (RssFile): code and the store's mmap'd pages. */
  file: number;
}

/** A process's memory, or null where unknown. */
export function processMemory(pid: number): ProcessMemory | null {
  const status = readProcFile(`/proc/${pid}/status`) ?? "";
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, "m").exec(status);
    return match === null ? null : Number(match[1]) * 1024;
  };
  const peakRss = field("VmHWM");
  if (peakRss === null) return null;
  return { peakRss, anon: field("RssAnon") ?? 0, file: field("RssFile") ?? 0 };
}
