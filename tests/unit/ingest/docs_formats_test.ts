/**
 * docs/sources.md's format examples are read as they say: each `<!-- file: NAME -->` block
 * is read under that name, and its `→` line's title, creation time and speakers are what
 * readTranscriptFile gives.
 */
import { assertEquals } from "../../helpers/assert.ts";
import { docs } from "../../helpers/docs.ts";
import { readFixture } from "../../helpers/read_fixture.ts";

const EXAMPLE = /<!-- file: (.+?) -->\n\n```[a-z]*\n([\s\S]*?)```\n\n→ (.*)\n/g;

/** A `created` value of the docs: an RFC 3339 time, or a local date and time. */
function createdAt(stated: string | undefined): string | null {
  if (stated === undefined) return null;
  const local = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))? \(local\)$/.exec(stated);
  if (local === null) return stated;
  const [year, month, day, hour, minute, second] = local.slice(1).map((part) => Number(part ?? 0));
  return new Date(year!, month! - 1, day!, hour!, minute!, second!).toISOString();
}

Deno.test("docs/sources.md: every format example reads as its → line says", () => {
  const examples = [...docs.sources.matchAll(EXAMPLE)];
  assertEquals(examples.length, 8, "one example per format");
  for (const [, name, content, stated] of examples) {
    const transcript = readFixture(content!, name!);
    const title = /title `([^`]*)`/.exec(stated!)?.[1];
    const created = /created `([^`]*)`( \(local\))?/.exec(stated!);
    const listed = stated!.split("speakers ")[1] ?? "";
    const speakers = [...listed.matchAll(/`([^`]*)`/g)].map((match) => match[1]);
    const seen = [...new Set(transcript.segments.map((segment) => segment.speaker))]
      .filter((speaker) => speaker !== null);
    assertEquals(
      [transcript.title, transcript.createdAt, seen],
      [title, createdAt(created === null ? undefined : created[1]! + (created[2] ?? "")), speakers],
      name,
    );
  }
});
