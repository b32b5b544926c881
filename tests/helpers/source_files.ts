/**
 * The project's TypeScript files below a folder, for the tests that read source as text (the
 * import rules, the limits module's reach).
 */

/** The .ts files below `dir`, as paths that start with `prefix`, in sorted order. */
export function sourceFiles(dir: URL, prefix = ""): string[] {
  const files: string[] = [];
  for (const entry of Deno.readDirSync(dir)) {
    const path = prefix + entry.name;
    if (entry.isDirectory) files.push(...sourceFiles(new URL(`${entry.name}/`, dir), `${path}/`));
    else if (entry.name.endsWith(".ts")) files.push(path);
  }
  return files.sort();
}
