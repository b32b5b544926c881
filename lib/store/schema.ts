/**
 * The store contract's schema as text, for building stores (the demo, fixtures, the
 * benchmark's); docs/store.md describes it.
 *
 * @module
 */
import schemaSql from "./schema.sql" with { type: "text" };

/** The schema of the store contract, as lib/store/schema.sql writes it. */
export const SCHEMA_SQL: string = schemaSql;
