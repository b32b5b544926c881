/**
 * Checks every kind of source answers alike, run against a reader: how it reads a zone-less
 * local time in another zone, and that its search stops when the call must.
 */
import { assertEquals } from "./assert.ts";
import type { SourceReader } from "../../lib/sources/source_reader.ts";
import type { Store } from "../../lib/store/store.ts";
import { StoreInterruptedError } from "../../lib/store/errors.ts";

const OPEN_SOURCE = new URL("../../lib/sources/open_source.ts", import.meta.url);

/**
 * Opens the database at `path` as source `name` in another process whose zone is `zone`,
 * and answers the createdAt of item `id` and the source's notes there.
 */
export async function readInZone(
  path: string,
  name: string,
  id: string,
  zone: string,
): Promise<{ createdAt: string | undefined; notes: string[] }> {
  const script = `
    import { openDatabaseSource } from "${OPEN_SOURCE}";
    const { reader } = openDatabaseSource(${JSON.stringify(path)}, { name: ${
    JSON.stringify(name)
  } });
    console.log(JSON.stringify({ createdAt: reader.getTranscript(${JSON.stringify(id)})?.createdAt,
      notes: reader.facts().notes }));`;
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--quiet", script],
    env: { TZ: zone, NO_COLOR: "1" },
  }).output();
  return JSON.parse(new TextDecoder().decode(output.stdout));
}

/** Asserts that a search through `reader` stops with "timeout" once `store` must stop. */
export function assertSearchStops(reader: SourceReader, store: Store, query: string): void {
  store.setInterruptCheck(() => "timeout");
  let reason: string | undefined;
  try {
    reader.search(query, 10);
  } catch (error) {
    reason = error instanceof StoreInterruptedError ? error.reason : String(error);
  }
  assertEquals(reason, "timeout");
}
