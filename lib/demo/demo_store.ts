/**
 * The built-in demo store: the contract's schema, filled with demo content, in memory.
 * Nothing touches disk. The demo only supplies the data; lib/store fills the store.
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { DEMO_TASKS, DEMO_TRANSCRIPTS } from "./demo_data.ts";
import { populateStore } from "../store/populate_store.ts";
import { SCHEMA_SQL } from "../store/schema.ts";
import { Store } from "../store/store.ts";
import { DEMO_LOCATION } from "./demo_location.ts";

// Kept here too, beside the store it names.
export { DEMO_LOCATION };

/**
 * Opens the demo store: built in memory at start, then locked read-only like any store.
 *
 * @example
 * ```ts
 * import { openDemoStore } from "./demo_store.ts";
 * const store = openDemoStore();
 * store.get("SELECT count(*) AS n FROM transcripts"); // { n: 9n }
 * ```
 */
export function openDemoStore(): Store {
  const db = new DatabaseSync(":memory:");
  db.exec(SCHEMA_SQL);
  populateStore(db, DEMO_TRANSCRIPTS, DEMO_TASKS);
  return new Store(db, DEMO_LOCATION);
}
