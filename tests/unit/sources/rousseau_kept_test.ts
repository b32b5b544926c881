/**
 * The rousseau renderings a reader keeps are bounded by their text as well as by count: 64
 * sessions of 5 MB of text each, kept whole, took a worker past its heap and the server down.
 */
import { assertEquals } from "../../helpers/assert.ts";
import { KeptRenderings } from "../../../lib/sources/adapters/rousseau_kept.ts";
import { renderPayload } from "../../../lib/sources/adapters/rousseau_payload.ts";
import type { ReadSession } from "../../../lib/sources/adapters/rousseau.ts";

/** A session of one user text block of `chars` characters: it holds about 3 × (chars + 6). */
function session(id: string, chars: number): ReadSession {
  const payload = JSON.stringify({
    messages: [{ role: "user", content: [{ kind: "text", text: "x".repeat(chars) }] }],
  });
  const head = {
    rowid: 1,
    id,
    title: id,
    messageCount: 1,
    createdAt: null,
    updatedAt: null,
    updatedText: "t",
  };
  return { head, rendered: renderPayload(payload, null) };
}

const keptOf = (kept: KeptRenderings, ids: string[]) =>
  ids.filter((id) => kept.get(id) !== undefined);

Deno.test("kept renderings: the oldest go past the count", () => {
  const kept = new KeptRenderings(3, 1_000_000);
  for (const id of ["a", "b", "c", "d"]) kept.keep(session(id, 100));
  assertEquals(keptOf(kept, ["a", "b", "c", "d"]), ["b", "c", "d"]);
});

Deno.test("kept renderings: the oldest go past the characters; the newest stays, however big", () => {
  const kept = new KeptRenderings(64, 30_000);
  for (const id of ["a", "b", "c"]) kept.keep(session(id, 100));
  kept.keep(session("big", 4_000));
  kept.keep(session("big2", 4_000));
  assertEquals(keptOf(kept, ["a", "b", "c", "big", "big2"]), ["a", "b", "c", "big", "big2"]);
  kept.keep(session("big3", 4_000));
  assertEquals(keptOf(kept, ["a", "b", "c", "big", "big2", "big3"]), ["big2", "big3"]);
  kept.keep(session("huge", 50_000));
  assertEquals(keptOf(kept, ["big2", "big3", "huge"]), ["huge"]);
  // Kept again (changed since): in place of the old one, its characters counted once.
  kept.keep(session("huge", 10));
  kept.keep(session("small", 10));
  assertEquals(keptOf(kept, ["huge", "small"]), ["huge", "small"]);
});
