/**
 * Titles and recording times from file names, in the forms recorders and meeting apps use.
 */
import { assertEquals } from "../../helpers/assert.ts";
import { nameFacts } from "../../../lib/ingest/file_name.ts";

/** A local wall-clock time as the instant this machine reads it as. */
const local = (...parts: [number, number, number, number?, number?, number?]) => {
  const [year, month, day, hour = 0, minute = 0, second = 0] = parts;
  return new Date(year, month - 1, day, hour, minute, second).toISOString();
};

Deno.test("file names: dates and stamps give createdAt; the title keeps the rest", () => {
  const cases: [string, string, string | null][] = [
    ["2025-03-14 Weekly sync.vtt", "Weekly sync", local(2025, 3, 14)],
    ["GMT20250402-150000_Recording.transcript.vtt", "Recording", "2025-04-02T15:00:00.000Z"],
    [
      "Design review_GMT20250402-150000_Recording.cc.vtt",
      "Design review",
      "2025-04-02T15:00:00.000Z",
    ],
    ["2025-04-02 15.00.00 Weekly sync.txt", "Weekly sync", local(2025, 4, 2, 15)],
    [
      "Weekly sync-20250314_101532-Meeting Recording.vtt",
      "Weekly sync",
      local(2025, 3, 14, 10, 15, 32),
    ],
    ["Recording_20250314_101532.json", "Recording", local(2025, 3, 14, 10, 15, 32)],
    ["Retro 2025-03-14.md", "Retro", local(2025, 3, 14)],
    ["2025-03-14T09-30 standup.srt", "standup", local(2025, 3, 14, 9, 30)],
    ["2025_03_14 at 09.30.05 standup.srt", "standup", local(2025, 3, 14, 9, 30, 5)],
    ["2025-03-14 25.61 odd.srt", "25.61 odd", local(2025, 3, 14)],
    ["Standup notes.txt", "Standup notes", null],
    ["2025-02-30 not a day.vtt", "2025-02-30 not a day", null],
    ["Budget 2024.vtt", "Budget 2024", null],
    ["Call 12345678.vtt", "Call 12345678", null],
    ["2025-03-14.vtt", "2025-03-14", local(2025, 3, 14)],
  ];
  for (const [name, title, createdAt] of cases) {
    const facts = nameFacts(name);
    assertEquals([facts.title, facts.createdAt], [title, createdAt], name);
  }
});

Deno.test("file names: language sub-extensions give a language; paths give their last part", () => {
  assertEquals(nameFacts("talks/keynote.en.srt"), {
    title: "keynote",
    createdAt: null,
    language: "en",
  });
  assertEquals(nameFacts("C:\\subs\\keynote.pt-BR.vtt").language, "pt-BR");
  assertEquals(nameFacts("keynote.vtt").language, null);
  assertEquals(nameFacts(".hidden").title, ".hidden");
});

Deno.test("file names: a Zoom stamp in month 13 or of year 0099 gives no createdAt", () => {
  // Date.UTC would read them as the next year's January and as 1999.
  for (const stem of ["GMT20251315-100000_Recording", "GMT00990402-100000_Recording"]) {
    assertEquals([nameFacts(`${stem}.vtt`).title, nameFacts(`${stem}.vtt`).createdAt], [
      stem,
      null,
    ]);
  }
});
