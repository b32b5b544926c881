/**
 * Settling the sources at start recognises each kind by its sign alone (kind_signs.ts), and
 * the session opens it with the kind's reader (kinds.ts): the two lists must name the same
 * kinds in the same order, and each kind must be recognised and locked down as its sign says.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { SOURCE_KIND_SIGNS } from "../../../lib/sources/kind_signs.ts";
import { SOURCE_KINDS } from "../../../lib/sources/kinds.ts";

Deno.test("every kind is its sign with a reader, in the sign's detection order", () => {
  assertEquals(SOURCE_KINDS.map((kind) => kind.kind), SOURCE_KIND_SIGNS.map((sign) => sign.kind));
  SOURCE_KINDS.forEach((kind, i) => {
    const sign = SOURCE_KIND_SIGNS[i]!;
    // The very functions and tables: a kind recognised at start is read as it was recognised.
    assert(kind.matches === sign.matches, `${kind.kind}: matches`);
    assert(kind.readable === sign.readable, `${kind.kind}: readable`);
    assert(kind.listingOf === sign.listingOf, `${kind.kind}: listingOf`);
    assert(kind.check === sign.check, `${kind.kind}: check`);
    assertEquals([kind.defaultName, kind.vocabOf], [sign.defaultName, sign.vocabOf], kind.kind);
  });
});
