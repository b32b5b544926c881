/**
 * The built-in demo store for `transcript-mcp --demo`: a fictional team's transcripts and tasks.
 *
 * @module
 */
import type { Task, Transcript } from "../store/model.ts";

// Transcript ids, named so the tasks below can point at them.
const PRICING_PAGE_REVIEW = "6b1d3f0e-2c4a-4f7b-9e15-3a8c0d7e4b21";
const SYNC_CONFLICT_TRIAGE = "c4e8a912-7d3b-4a60-8f2e-91b5d6c03a7f";
const BANNER_COPY_NOTE = "0f9e2d48-b1a7-4c3e-a5d9-7e6f18c2b340";
const CUSTOMER_INTERVIEW = "8a3c5e71-4f20-4d9b-b6e8-2c1d07f9a5e3";
const ONE_ON_ONE = "e27b9c04-5a1d-4e86-9c3f-6b8a0d2e71c5";
const AGENCY_CALL = "5d0f7a2b-93e1-4c58-a7b4-d1e6c8f02a9b";
const RELEASE_PLANNING = "a9c1e6d3-08b5-4f72-8d4a-3e9b5c7f1d06";
const BETA_FEEDBACK_CHAT = "3e7a0b95-c6d2-4b18-9f5e-a04c2d8b6e13";
const TEAM_PRICING_NOTE = "b5f28d16-e4a9-4073-a1c8-5d7e3b90f264";

// Ids of the tasks that have subtasks.
const HOTFIX_TASK = "90f95193-2c91-4a42-a506-930d4c964c45";
const TABLE_NET_TASK = "881729de-53f0-47bd-8e46-d2c93a8a751f";

/**
 * The demo transcripts, oldest first: meetings, a 1:1, a customer interview, voice notes, a chat
 * and one German call, from Larkspur, the fictional team behind the note-taking app Fieldnote.
 */
export const DEMO_TRANSCRIPTS: readonly Transcript[] = [
  {
    id: PRICING_PAGE_REVIEW,
    title: "Pricing page review",
    createdAt: "2026-10-06T14:00:00.000Z",
    source: "meeting",
    language: "en",
    engine: "whisper.cpp",
    modelId: "large-v3-turbo",
    starred: false,
    manualTags: ["pricing", "website"],
    template: null,
    segments: [
      {
        speaker: "Maya Okafor",
        startMs: 2040,
        endMs: 14_700,
        text: "Okay, I think we're, um, we're all here. Theo, you're coming " +
          "in through the zoom.us link from the invite, right? Your audio's " +
          "a little choppy, but I can hear you.",
      },
      {
        speaker: "Theo Lindqvist",
        startMs: 15_930,
        endMs: 22_360,
        text: "Yeah, I'm on the train, sorry. I'll stay on mute unless I " +
          "have something. Go ahead.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 22_980,
        endMs: 42_900,
        text: "Cool. So the agenda is really just the pricing page. Jonas " +
          "has a new version up on staging, and I'd like us to leave today " +
          "with a yes or a no on the annual toggle and, uh, on whether we " +
          "still show the free tier at all.",
      },
      {
        speaker: "Jonas Brandt",
        startMs: 43_940,
        endMs: 72_930,
        text: "Right, so, let me share my screen. The big change is we went " +
          "from four columns to three. Free, Plus and Team. The old Pro " +
          "column is gone, it was basically Plus with a bigger attachment " +
          "limit and nobody could tell the difference. Up top there's a " +
          "monthly and annual switch, and right now it defaults to annual, " +
          "which shows Plus at five dollars a month billed yearly, so sixty " +
          "dollars, versus six dollars if you pay monthly.",
      },
      {
        speaker: "Priya Raman",
        startMs: 74_150,
        endMs: 87_690,
        text: "Can I ask a dumb question? Is the five dollar number real in " +
          "Stripe already, or is that something we still have to set up? " +
          "Because checkout right now only knows about the monthly price IDs.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 88_310,
        endMs: 93_960,
        text: "Not a dumb question. It's not set up. That would be a small " +
          "backend change, right?",
      },
      {
        speaker: "Priya Raman",
        startMs: 95_320,
        endMs: 114_250,
        text: "Small-ish. It's a new price ID, the webhook handler needs to " +
          "accept it, and the in-app upgrade screen reads pricing from the " +
          "same config. So if we change the page without changing the app, " +
          "we show two different numbers. I'd want both to ship together.",
      },
      {
        speaker: "Theo Lindqvist",
        startMs: 115_380,
        endMs: 124_030,
        text: "Agree with Priya. Nothing worse than the website saying one " +
          "thing and the app saying another. That's exactly the kind of " +
          "thing people screenshot.",
      },
      {
        speaker: "Jonas Brandt",
        startMs: 124_550,
        endMs: 147_280,
        text: "Okay. The other thing I want feedback on is the line under " +
          "the toggle. Right now it says two months free when you pay " +
          "yearly. And Lena told me support gets a lot of questions like, " +
          "what happens to my notes if I stop paying? So I added a small FAQ " +
          "under the table.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 147_590,
        endMs: 164_050,
        text: "I love the FAQ. That's honestly the biggest pricing objection " +
          "we hear. People are scared that if they cancel, the notes are " +
          "gone. And the whole point of local-first is that they're not. " +
          "They're on your disk. You lose sync, you don't lose your notes.",
      },
      {
        speaker: "Theo Lindqvist",
        startMs: 165_020,
        endMs: 178_500,
        text: "Can we say that in the headline, then? Something like, your " +
          "notes stay yours, even on the free plan. That's the " +
          "differentiator. Everybody else has a pricing page with three " +
          "columns too.",
      },
      {
        speaker: "Jonas Brandt",
        startMs: 179_190,
        endMs: 189_160,
        text: "I can try it. My worry is the headline gets long. Let me do " +
          "two versions and we look at them side by side.",
      },
      {
        speaker: "Priya Raman",
        startMs: 190_420,
        endMs: 205_960,
        text: "On the free tier, are we still saying one device? Because " +
          "technically the free plan can export and import, so people will, " +
          "you know, they'll sync through a shared folder by hand. Which is " +
          "fine. But we shouldn't promise that it's impossible.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 206_350,
        endMs: 229_290,
        text: "Yeah, let's say sync across devices is a Plus feature and not " +
          "say anything about one device. Okay, so, decisions. Annual " +
          "toggle: yes, and it defaults to annual. Free tier: stays visible. " +
          "FAQ: yes, and I'll rewrite the downgrade answer so it's really, " +
          "really clear. Priya, the Stripe price change ships together with " +
          "the page, not before.",
      },
      {
        speaker: "Priya Raman",
        startMs: 230_120,
        endMs: 236_260,
        text: "Works for me. I'd say end of next week for the backend, " +
          "assuming nothing explodes.",
      },
      {
        speaker: "Theo Lindqvist",
        startMs: 237_150,
        endMs: 243_610,
        text: "Great. And, um, Jonas, post the two headline versions in the " +
          "channel, I'll look tonight. Thanks, everyone.",
      },
    ],
  },
  {
    id: SYNC_CONFLICT_TRIAGE,
    title: "Bug triage: POL-358 checklist sync conflict",
    createdAt: "2026-10-13T09:30:00.000Z",
    source: "meeting",
    language: "en",
    engine: "whisper.cpp",
    modelId: "large-v3-turbo",
    starred: true,
    manualTags: ["bug", "sync"],
    template: "bug-triage",
    segments: [
      {
        speaker: "Priya Raman",
        startMs: 1720,
        endMs: 9660,
        text: "Morning. So we really have one thing today, which is POL-358. " +
          "Lena, do you want to walk us through what you found?",
      },
      {
        speaker: "Lena Vogel",
        startMs: 10_410,
        endMs: 42_490,
        text: "Sure. So, the report came in from three different Plus " +
          "customers over the weekend, all roughly the same story. They edit " +
          "a checklist on their phone while they're offline, like on a plane " +
          "or out in the field, and at the same time or later the same " +
          "checklist gets edited on the laptop. When the phone comes back " +
          "online, some of the edits just disappear. No sync conflict " +
          "banner, nothing. The note looks fine, it's just missing things.",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 43_680,
        endMs: 53_630,
        text: "And that's the part that scares me. If we showed a sync " +
          "conflict, fine, that's annoying, but it's honest. Silently " +
          "dropping a checklist item is data loss.",
      },
      {
        speaker: "Priya Raman",
        startMs: 54_220,
        endMs: 55_800,
        text: "Can you reproduce it?",
      },
      {
        speaker: "Lena Vogel",
        startMs: 57_000,
        endMs: 74_590,
        text: "Yes, every time, with two devices. Airplane mode on the " +
          "phone, tick two items and add one, then on the laptop reorder the " +
          "list, then turn airplane mode off again. The added item survives, " +
          "but the two ticks are gone. I wrote the exact steps in the ticket.",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 74_870,
        endMs: 104_100,
        text: "Okay, so that actually lines up with something I suspected. A " +
          "checklist is stored as one block with the list inside it. Text " +
          "blocks get merged character by character, but for the checklist " +
          "block, when the order changes, we treat it as a replace of the " +
          "whole block. So the laptop's reorder wins, and the phone's " +
          "checked state is lost because it was made on the old version of " +
          "the block.",
      },
      {
        speaker: "Priya Raman",
        startMs: 104_350,
        endMs: 106_960,
        text: "So it's last-writer-wins on the block level.",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 107_860,
        endMs: 113_720,
        text: "For checklists, yeah. Text is fine. Tables probably have the " +
          "same problem, I'd have to check.",
      },
      {
        speaker: "Priya Raman",
        startMs: 115_050,
        endMs: 118_590,
        text: "Okay. What's the fix? Long term and short term.",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 119_550,
        endMs: 150_650,
        text: "Long term, each checklist item becomes its own entry with a " +
          "stable ID and a fractional position, and the checked flag is a " +
          "separate field. Then a reorder and a tick don't touch the same " +
          "data, and they merge cleanly. That's maybe two weeks with the " +
          "migration and tests. Short term, we can detect that both sides " +
          "changed the same block and, instead of overwriting, keep both " +
          "versions and show the sync conflict banner. Not pretty, but " +
          "nothing gets lost. That's, I don't know, two or three days.",
      },
      {
        speaker: "Lena Vogel",
        startMs: 150_920,
        endMs: 162_350,
        text: "I'd take the ugly banner over losing data, honestly. The " +
          "customers were really upset. One of them is a nurse who uses " +
          "checklists for her shift handover.",
      },
      {
        speaker: "Priya Raman",
        startMs: 162_710,
        endMs: 178_310,
        text: "Agreed. Let's do the short-term fix now and ship it as a " +
          "hotfix, 1.9.3. The real fix goes into 2.0. Sam, can you split the " +
          "ticket? Keep POL-358 for the hotfix and open a new one for the " +
          "item-level model.",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 178_730,
        endMs: 187_250,
        text: "Yep. I'll also add a regression test that does exactly Lena's " +
          "steps. We have the two-replica test harness, I just need a " +
          "checklist fixture.",
      },
      {
        speaker: "Lena Vogel",
        startMs: 187_530,
        endMs: 190_680,
        text: "What should support tell people in the meantime?",
      },
      {
        speaker: "Priya Raman",
        startMs: 192_000,
        endMs: 200_980,
        text: "Tell them the notes aren't corrupted, and that the missing " +
          "ticks are probably still in the version history. Sam, is that " +
          "true?",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 202_060,
        endMs: 211_590,
        text: "It is, yeah. Version history keeps the phone's snapshot for " +
          "thirty days, so they can restore from there. I'll write a short " +
          "how-to for Lena.",
      },
      {
        speaker: "Lena Vogel",
        startMs: 212_800,
        endMs: 221_370,
        text: "Perfect. And Maya wants to know if the banner copy needs her. " +
          "The current text just says conflict detected, which, um, nobody " +
          "understands.",
      },
      {
        speaker: "Priya Raman",
        startMs: 222_090,
        endMs: 227_070,
        text: "Yes, loop her in. Okay, anything else? No? Good. Thanks, both " +
          "of you.",
      },
    ],
  },
  {
    id: BANNER_COPY_NOTE,
    title: "Voice note: conflict banner copy",
    createdAt: "2026-10-14T07:48:12.000Z",
    source: "voice_note",
    language: "en",
    engine: "whisper.cpp",
    modelId: "small.en",
    starred: false,
    manualTags: ["idea", "copy"],
    template: null,
    segments: [
      {
        speaker: "Maya Okafor",
        startMs: 480,
        endMs: 13_960,
        text: "Okay, note to self about the sync conflict banner. I'm " +
          "walking to the office, so, excuse the wind. The current copy says " +
          "conflict detected, and it sounds like an error, like something " +
          "broke.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 14_600,
        endMs: 30_940,
        text: "What we actually want to say is: this note was changed in two " +
          "places, and we kept both. So maybe the title is two versions of " +
          "this note, and the buttons are keep both and compare. Not " +
          "resolve. Resolve sounds like a legal thing.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 31_500,
        endMs: 42_450,
        text: "And it shouldn't be red. Yellow maybe, or just neutral. Red " +
          "makes people think they lost data, and the whole point of the fix " +
          "is that they didn't.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 43_770,
        endMs: 55_520,
        text: "Send this to Priya and Sam before the hotfix goes out. Oh, " +
          "and ask Jonas if the icon can be two little pages instead of the " +
          "warning triangle.",
      },
    ],
  },
  {
    id: CUSTOMER_INTERVIEW,
    title: "Customer interview: Ana Ribeiro, field ecologist",
    createdAt: "2026-10-21T16:00:00.000Z",
    source: "meeting",
    language: "en",
    engine: "whisper.cpp",
    modelId: "large-v3-turbo",
    starred: true,
    manualTags: ["customer", "research"],
    template: "customer-interview",
    segments: [
      {
        speaker: "Maya Okafor",
        startMs: 3310,
        endMs: 20_460,
        text: "Thanks so much for doing this, Ana. Like I said in the email, " +
          "there are no wrong answers, we just want to hear how you actually " +
          "use Fieldnote. Is it okay if we record? It stays on my laptop, we " +
          "only use it for our notes.",
      },
      {
        speaker: "Ana Ribeiro",
        startMs: 20_910,
        endMs: 41_310,
        text: "Sure, that's fine. So I'm, um, I'm a field ecologist, I work " +
          "mostly on wetland birds, so a lot of my work happens in places " +
          "with no signal at all. That's honestly why I found you. I tried " +
          "two other apps, and both of them just showed me a spinner when I " +
          "was offline.",
      },
      {
        speaker: "Jonas Brandt",
        startMs: 41_950,
        endMs: 46_590,
        text: "What does a typical day look like, in terms of notes?",
      },
      {
        speaker: "Ana Ribeiro",
        startMs: 47_080,
        endMs: 74_580,
        text: "In the morning I do point counts. I stand at a point for ten " +
          "minutes and write down every bird I see or hear. Before, that was " +
          "a paper notebook, and then I'd type it all up at night. Now I do " +
          "it on the phone, one note per point, with a template that has the " +
          "date, the GPS position, the weather, and then a checklist of the " +
          "common species.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 75_210,
        endMs: 78_130,
        text: "Oh, interesting. So you built the template yourself?",
      },
      {
        speaker: "Ana Ribeiro",
        startMs: 78_520,
        endMs: 91_320,
        text: "Yeah, it took me a while. The template editor is a bit, hmm, " +
          "hidden? I found it through a forum post. But once I had it, it's " +
          "great. I do maybe twelve, fifteen points a day.",
      },
      {
        speaker: "Jonas Brandt",
        startMs: 92_040,
        endMs: 93_580,
        text: "And then at night?",
      },
      {
        speaker: "Ana Ribeiro",
        startMs: 93_950,
        endMs: 110_030,
        text: "At night I'm back at the station, I open the laptop, and " +
          "everything's there. Well, almost everything. Two weeks ago I had " +
          "a day where some of my ticks were missing, and I honestly thought " +
          "I was going crazy.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 111_300,
        endMs: 131_900,
        text: "That, yes. That was a bug on our side, and I'm really sorry. " +
          "We shipped a fix last week, it's in 1.9.3. If it happens again, " +
          "you get a banner instead of things silently disappearing. We're " +
          "also fixing the wording on that banner, the first version is a " +
          "bit cryptic.",
      },
      {
        speaker: "Ana Ribeiro",
        startMs: 132_220,
        endMs: 147_580,
        text: "Okay, good to know. I did find them in the history, " +
          "eventually. But it's scary. In my field, if the data's gone, the " +
          "season's gone. You can't go back in March and count the birds " +
          "again.",
      },
      {
        speaker: "Jonas Brandt",
        startMs: 147_980,
        endMs: 151_060,
        text: "What happens with the notes after the season?",
      },
      {
        speaker: "Ana Ribeiro",
        startMs: 152_300,
        endMs: 172_620,
        text: "Export. Everything goes into Markdown, then into a " +
          "spreadsheet, then into R. The Markdown export is good, but the " +
          "checklists come out as, like, dash, bracket, x, bracket, which I " +
          "then have to clean up with a script. A CSV export of checklists " +
          "would save me a whole day every season.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 173_730,
        endMs: 178_960,
        text: "That's really useful. Can I ask about pricing? You're on Plus " +
          "right now, right?",
      },
      {
        speaker: "Ana Ribeiro",
        startMs: 179_480,
        endMs: 198_730,
        text: "Yes, I pay for it myself, the yearly plan. Honestly, the " +
          "price is fine for me. The problem is my lab. There are five of " +
          "us, two are students, and university procurement is, it's a " +
          "nightmare. If there was a team plan with a proper invoice, my PI " +
          "would probably just pay for it.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 199_490,
        endMs: 203_160,
        text: "What would feel like a fair price for five people?",
      },
      {
        speaker: "Ana Ribeiro",
        startMs: 203_600,
        endMs: 215_820,
        text: "Hmm. I'd say if it's under three hundred a year for the whole " +
          "lab, nobody asks questions. Over that, it goes to a committee. " +
          "And a student discount would be nice, they're really broke.",
      },
      {
        speaker: "Jonas Brandt",
        startMs: 217_190,
        endMs: 222_900,
        text: "Last question from me. Is there anything you wish Fieldnote " +
          "did that it doesn't?",
      },
      {
        speaker: "Ana Ribeiro",
        startMs: 223_600,
        endMs: 239_960,
        text: "Photos with the location. I take photos of nests, and I'd " +
          "love them to land in the note for that point automatically. And, " +
          "sorry, but dark mode is hard to read outside in the morning. " +
          "Something with higher contrast, for sunlight, would be great.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 240_320,
        endMs: 249_670,
        text: "That's all super helpful. We can send you the 2.0 beta if you " +
          "want to try it, it has the new checklist sync.",
      },
      {
        speaker: "Ana Ribeiro",
        startMs: 250_170,
        endMs: 252_180,
        text: "Yes, please. Send it over.",
      },
    ],
  },
  {
    id: ONE_ON_ONE,
    title: "1:1 Priya / Sam",
    createdAt: "2026-10-28T11:00:00.000Z",
    source: "meeting",
    language: "en",
    engine: "whisper.cpp",
    modelId: "large-v3-turbo",
    starred: false,
    manualTags: [],
    template: "1:1",
    segments: [
      {
        speaker: "Priya Raman",
        startMs: 5780,
        endMs: 9150,
        text: "Hey. How are you doing? Last week looked intense.",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 9890,
        endMs: 23_860,
        text: "Yeah, it was. 1.9.4 went out fine, but I was up late on " +
          "Thursday because the migration test on the old Android build kept " +
          "timing out. It's fixed now. I'm a bit tired, but fine.",
      },
      {
        speaker: "Priya Raman",
        startMs: 25_150,
        endMs: 37_790,
        text: "I saw. Thank you for that. I also don't want it to become " +
          "normal. If you're up at midnight on a Thursday, that's a planning " +
          "problem, not a you problem.",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 38_260,
        endMs: 48_410,
        text: "I appreciate that. I think part of it is that I'm the only " +
          "one who really knows the sync engine. When something breaks " +
          "there, it's me.",
      },
      {
        speaker: "Priya Raman",
        startMs: 49_680,
        endMs: 61_140,
        text: "Right. That's actually what I wanted to talk about. Bus " +
          "factor of one on sync. So, what's the plan? Like, how would you " +
          "want to spread that knowledge around?",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 62_520,
        endMs: 80_600,
        text: "Honestly, pairing. If someone pairs with me on the item-level " +
          "checklist model for 2.0, they learn the CRDT stuff on a real " +
          "problem instead of reading my notes. Maybe Lena? She knows the " +
          "bugs better than anyone, and she's been asking to do more " +
          "engineering.",
      },
      {
        speaker: "Priya Raman",
        startMs: 80_990,
        endMs: 92_310,
        text: "I like that. I'll talk to Lena and Maya about how much of her " +
          "time we can take off support. Maybe two days a week for the next " +
          "month?",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 93_560,
        endMs: 108_490,
        text: "That would be great. And I can write an architecture doc as " +
          "we go. Not a huge one, just, you know, how a change travels from " +
          "the editor to the log to the other device.",
      },
      {
        speaker: "Priya Raman",
        startMs: 109_530,
        endMs: 116_520,
        text: "Yes. Please. Okay, the other thing, career stuff. Last time " +
          "you mentioned you'd like to give a conference talk.",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 117_520,
        endMs: 130_050,
        text: "Yeah. There's a local-first meetup in Amsterdam in January, " +
          "and their call for talks is open. I was thinking of something " +
          "like, what we learned from losing checklist ticks. Sort of an " +
          "honest postmortem.",
      },
      {
        speaker: "Priya Raman",
        startMs: 130_410,
        endMs: 139_370,
        text: "I love that. Honest postmortems make the best talks. Send me " +
          "a draft abstract and I'll read it. And we'll pay for the trip, " +
          "obviously.",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 140_460,
        endMs: 141_200,
        text: "Cool. Thanks.",
      },
      {
        speaker: "Priya Raman",
        startMs: 141_730,
        endMs: 144_650,
        text: "Anything else? Anything I should be doing differently?",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 145_790,
        endMs: 156_890,
        text: "Maybe, um, the planning meetings for 2.0 are getting long. " +
          "Could we get a written pre-read, so we don't spend the first " +
          "twenty minutes catching up?",
      },
      {
        speaker: "Priya Raman",
        startMs: 157_540,
        endMs: 167_760,
        text: "Fair. I'll ask Maya to send an agenda and a one-page status " +
          "before the release planning on the tenth. Okay, now go get some " +
          "rest.",
      },
    ],
  },
  {
    id: AGENCY_CALL,
    title: "Abstimmung mit Studio Nordlicht: Onboarding-Illustrationen",
    createdAt: "2026-11-03T13:00:00.000Z",
    source: "meeting",
    language: "de",
    engine: "whisper.cpp",
    modelId: "large-v3",
    starred: false,
    manualTags: ["design", "agency"],
    template: null,
    segments: [
      {
        speaker: "Katrin Schäfer",
        startMs: 4910,
        endMs: 12_370,
        text: "Hallo Jonas, hörst du uns? Felix ist auch dabei. Wir haben " +
          "den zoom.us-Link genommen, den du geschickt hast.",
      },
      {
        speaker: "Jonas Brandt",
        startMs: 13_140,
        endMs: 23_030,
        text: "Ja, ich höre euch gut. Schön, dass es heute geklappt hat. Ich " +
          "würde gern kurz über die Entwürfe für das Onboarding sprechen und " +
          "danach über den Zeitplan.",
      },
      {
        speaker: "Katrin Schäfer",
        startMs: 24_170,
        endMs: 39_180,
        text: "Gerne. Also, wir haben drei Richtungen ausprobiert. Die erste " +
          "ist sehr reduziert, nur Linien, fast wie Skizzen aus einem " +
          "Notizbuch. Die zweite ist farbiger, mit Flächen, und die dritte " +
          "ist ein bisschen verspielter, mit kleinen Figuren.",
      },
      {
        speaker: "Felix Böhm",
        startMs: 39_750,
        endMs: 52_300,
        text: "Unser Favorit ist ehrlich gesagt die erste. Weil Fieldnote ja " +
          "für Leute ist, die draußen arbeiten, Forscherinnen, Journalisten " +
          "und so weiter. Die Skizzen passen gut zu diesem Gefühl von einem " +
          "echten Feldbuch.",
      },
      {
        speaker: "Jonas Brandt",
        startMs: 53_040,
        endMs: 66_820,
        text: "Das sehe ich ähnlich, die erste Richtung gefällt mir am " +
          "besten. Bei der dritten habe ich die Sorge, dass sie zu niedlich " +
          "wirkt. Unsere Nutzer sind eher, naja, ernsthafte Leute mit " +
          "schmutzigen Stiefeln.",
      },
      {
        speaker: "Katrin Schäfer",
        startMs: 67_460,
        endMs: 74_020,
        text: "Haha, verstehe. Dann gehen wir mit der ersten Richtung " +
          "weiter. Gibt es Szenen, die unbedingt vorkommen müssen?",
      },
      {
        speaker: "Jonas Brandt",
        startMs: 75_070,
        endMs: 89_710,
        text: "Ja, vier Szenen. Erstens: Notizen funktionieren offline, also " +
          "jemand im Wald ohne Empfang. Zweitens: die Synchronisierung " +
          "zwischen Handy und Laptop. Drittens: Vorlagen. Und viertens, ganz " +
          "wichtig, dass die Daten den Nutzern gehören. Das ist unser " +
          "größtes Versprechen.",
      },
      {
        speaker: "Felix Böhm",
        startMs: 90_770,
        endMs: 98_300,
        text: "Für die vierte Szene hatten wir die Idee mit einem Schlüssel, " +
          "der auf einem Notizbuch liegt. Ist das zu platt?",
      },
      {
        speaker: "Jonas Brandt",
        startMs: 98_790,
        endMs: 108_760,
        text: "Hm, vielleicht ein bisschen. Eher ein Notizbuch, das in einem " +
          "Rucksack steckt, also es ist bei dir und nicht irgendwo in der " +
          "Cloud. Aber probiert ruhig beides aus.",
      },
      {
        speaker: "Katrin Schäfer",
        startMs: 109_600,
        endMs: 117_300,
        text: "Machen wir. Zum Zeitplan: Wir könnten die Reinzeichnungen bis " +
          "zum siebzehnten November liefern. Ist das früh genug für euer " +
          "Release?",
      },
      {
        speaker: "Jonas Brandt",
        startMs: 118_540,
        endMs: 133_590,
        text: "Das wäre knapp, aber machbar. Der Release Candidate ist grob " +
          "für den vierundzwanzigsten geplant. Wenn ihr bis zum siebzehnten " +
          "liefert, haben wir eine Woche zum Einbauen. Das reicht, solange " +
          "sich am Text nichts Größeres mehr ändert.",
      },
      {
        speaker: "Felix Böhm",
        startMs: 134_680,
        endMs: 138_800,
        text: "Und die Dateiformate? SVG für alles, oder braucht ihr auch " +
          "Animationen?",
      },
      {
        speaker: "Jonas Brandt",
        startMs: 139_620,
        endMs: 151_120,
        text: "SVG reicht völlig, Animationen vielleicht später. Bitte " +
          "achtet auf die Dateigröße, die App soll klein bleiben. Und wir " +
          "bräuchten eine Variante für den dunklen Modus, mit hellen Linien " +
          "auf dunklem Grund.",
      },
      {
        speaker: "Katrin Schäfer",
        startMs: 151_390,
        endMs: 160_790,
        text: "Alles klar. Ich schicke dir heute Abend eine kurze " +
          "Zusammenfassung und ein Angebot für die zusätzliche " +
          "Dark-Mode-Variante. Die kostet ungefähr einen Tag extra.",
      },
      {
        speaker: "Jonas Brandt",
        startMs: 161_360,
        endMs: 165_880,
        text: "Passt. Danke euch beiden, und viele Grüße nach Kreuzberg. Bis " +
          "bald!",
      },
      {
        speaker: "Felix Böhm",
        startMs: 166_200,
        endMs: 171_320,
        text: "Tschüss! Und schöne Grüße an das ganze Team, wir freuen uns " +
          "auf das Projekt.",
      },
    ],
  },
  {
    id: RELEASE_PLANNING,
    title: "Fieldnote 2.0 release planning",
    createdAt: "2026-11-10T15:00:00.000Z",
    source: "meeting",
    language: "en",
    engine: "whisper.cpp",
    modelId: "large-v3-turbo",
    starred: true,
    manualTags: ["release", "2.0", "planning"],
    template: "planning",
    segments: [
      {
        speaker: "Maya Okafor",
        startMs: 5810,
        endMs: 63_410,
        text: "Okay, let's start, it's just after three. Thanks, everyone, " +
          "for reading the pre-read. Sam asked for one and I think it's a " +
          "good habit, so we'll keep doing it. The plan for today is five " +
          "things. First, where each 2.0 feature actually is, the honest " +
          "version, not the optimistic one. Second, the pricing switch-over, " +
          "because that ships with 2.0 and it touches billing. Third, dates. " +
          "I want us to commit to a release candidate date today, in this " +
          "meeting. Fourth, risks, and what our rollback looks like if " +
          "something goes wrong. And fifth, launch comms. I've blocked " +
          "ninety minutes, but I'd love to be done in seventy-five. Quick " +
          "note, I'm taking the notes in Fieldnote itself, obviously, and " +
          "I'll share them tonight. Sam, do you want to start with sync, " +
          "since it's the biggest one?",
      },
      {
        speaker: "Theo Lindqvist",
        startMs: 64_120,
        endMs: 105_880,
        text: "Sorry, one thing before Sam starts. The beta numbers from " +
          "last week looked really good. Crash-free sessions went from " +
          "ninety-nine point one to ninety-nine point six percent, the " +
          "seven-day retention on beta testers is the best we've ever " +
          "measured, and the feedback threads are mostly people being happy, " +
          "which, as you all know, almost never happens on the internet. " +
          "Somebody wrote that Fieldnote is the first notes app that doesn't " +
          "make them nervous on a plane. I printed that one out. I don't " +
          "want us to lose all of that in an hour of risk talk. People like " +
          "this release. Okay, that's it, go ahead.",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 107_220,
        endMs: 241_790,
        text: "No, that's good to hear. Okay, so, sync. The item-level " +
          "checklist model is done in the sense that it works, and it's been " +
          "on beta 1 for about two weeks now. Quick recap for Theo, since " +
          "you weren't in the weeds on this one. Before, a checklist was " +
          "stored as one block, and if two devices changed the same " +
          "checklist, whoever synced last won for the whole block. That's " +
          "what caused POL-358. Now every item has its own ID, its own " +
          "position, and the checked flag is its own field. So if you tick " +
          "an item on your phone and I reorder the list on my laptop, both " +
          "changes survive, because they don't touch the same field anymore. " +
          "The position uses fractional indexing, so inserting between two " +
          "items never has to renumber the others. A nice side effect is " +
          "that the sync payload for checklists got a lot smaller, since a " +
          "tick now sends one field instead of the whole list. On Lena's " +
          "store, a typical checklist edit went from about four kilobytes on " +
          "the wire to under two hundred bytes. Lena has been pairing with " +
          "me on this two days a week, and honestly, she found two bugs in " +
          "the position code that I would have missed, so that's been great. " +
          "What's left is three things. One, the migration, converting old " +
          "checklist blocks into the new item format. It works on my test " +
          "store and on Lena's, which is about four thousand notes, but I " +
          "want to run it on something much bigger before I trust it. Two, " +
          "tables. Tables have the exact same last-writer-wins problem that " +
          "checklists had, and I'd really like not to ship 2.0 with a known " +
          "version of the same bug in a different block type. And three, the " +
          "architecture doc, which is about half written. That one's not " +
          "blocking the release, but I promised it, so it's on my list.",
      },
      {
        speaker: "Priya Raman",
        startMs: 242_870,
        endMs: 274_520,
        text: "On tables. How big is that? Because I'd push back a little " +
          "here. Tables are used by, what, maybe eight percent of active " +
          "users, and we haven't had a single report of a table conflict. " +
          "Not one. I really don't want us to expand the scope three weeks " +
          "before a release, that's how we ended up with the Android sync " +
          "bug last spring. Remember? Two small additions, each of them " +
          "totally reasonable on its own, and then a week of hotfixes.",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 275_830,
        endMs: 313_520,
        text: "That's fair. I think it's around a week if I reuse the " +
          "checklist approach. Rows become items, cells become fields, same " +
          "merge rules. But I agree, it's a week we probably don't have. " +
          "What I'd really like is at least the safety net from the hotfix, " +
          "so if both sides change the same table, we keep both versions and " +
          "show the banner instead of silently overwriting one of them. That " +
          "part is small, maybe a day, because the detection code already " +
          "exists from 1.9.3. It just needs to know about the table block " +
          "type.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 314_150,
        endMs: 336_280,
        text: "I like that compromise. Safety net for tables in 2.0, real " +
          "per-row merging in 2.1. That way there's no known data loss in " +
          "2.0, and we don't blow up the schedule. It also means the " +
          "architecture doc Sam's writing should describe the table plan, so " +
          "whoever picks it up in 2.1 doesn't have to rediscover all of it. " +
          "Does anyone disagree? Theo?",
      },
      {
        speaker: "Theo Lindqvist",
        startMs: 337_530,
        endMs: 370_380,
        text: "No, that sounds right to me. Better a banner than data loss, " +
          "we learned that one the hard way. And honestly, if eight percent " +
          "of people use tables, the number of people editing the same table " +
          "on two devices while offline must be tiny. But tiny is not zero, " +
          "so the safety net makes sense. I'd also mention it in the release " +
          "notes, quietly. Not as a feature, just, tables now keep both " +
          "versions if they're edited in two places at once.",
      },
      {
        speaker: "Priya Raman",
        startMs: 371_500,
        endMs: 388_830,
        text: "Agreed. Sam, can you open a ticket for the table safety net " +
          "and tag it 2.0, and a separate one for the full table model, " +
          "tagged 2.1? And please put your estimate on both, so when we plan " +
          "2.1 we don't have to redo this conversation.",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 389_920,
        endMs: 425_620,
        text: "Yep, will do, right after this. And on the migration, Priya, " +
          "could I get a copy of the big synthetic store you built for the " +
          "performance tests? The one with fifty thousand notes? I want to " +
          "run the migration against that a few times, measure how long it " +
          "takes on an older phone, and check that the output is identical " +
          "when I run it twice. I also want to run it on a copy of my own " +
          "phone's store, which has three years of grocery lists in it, and " +
          "that's its own kind of stress test.",
      },
      {
        speaker: "Priya Raman",
        startMs: 426_150,
        endMs: 500_000,
        text: "Yes, it's in the shared bucket, I'll send you the path. Fair " +
          "warning, it has some really cursed content in it. Notes with ten " +
          "thousand checklist items, emoji in every heading, lists nested " +
          "twelve levels deep, a note that's just one paragraph with two " +
          "megabytes of text, and a few notes with mixed right-to-left and " +
          "left-to-right text. If the migration survives that, it'll survive " +
          "our real users. And please time it on the oldest Android device " +
          "in the drawer, the one with the cracked screen. If it's fine " +
          "there, it's fine everywhere. I generated the store with a script " +
          "last summer, with a fixed seed, so if the migration does " +
          "something weird, we can regenerate exactly the same store and " +
          "reproduce it. And while you're at it, could you measure cold " +
          "start? On that phone, the current 2.0 build takes about one point " +
          "nine seconds to the first note, versus one point four on 1.9, and " +
          "I'm fairly sure it's the migration check running before the first " +
          "frame. I'd like it back under one and a half seconds. The check " +
          "can run right after the first frame, nobody needs it before that.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 500_600,
        endMs: 522_010,
        text: "Okay. And on the POL-358 side, how did the hotfix actually " +
          "do? I know we talked about it in standup, but I want the real " +
          "numbers in the meeting notes, because I'll probably use them in " +
          "the launch post. Round numbers are fine, I just don't want to " +
          "write a lot fewer in a blog post.",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 522_610,
        endMs: 595_200,
        text: "Sure. Since 1.9.3 went out, the app has shown the sync " +
          "conflict banner, let me check, four hundred and twelve times " +
          "across all users. That sounds like a lot, but it's about fifteen " +
          "a day, spread over a lot of people. And we've had zero new " +
          "reports of lost checklist items. Zero. We did get a handful of " +
          "complaints that the banner was confusing, mostly from people who " +
          "didn't understand why there were suddenly two versions of their " +
          "note. But Maya's new copy went in with 1.9.4, the two versions of " +
          "this note wording with the keep both and compare buttons, and the " +
          "confused tickets basically stopped after that. Lena counted two " +
          "in the last week, and both were people who just wanted to know " +
          "which version was newer, which, fair, we could show a timestamp. " +
          "For context, Lena also pulled the distribution: more than half of " +
          "those banners came from fewer than thirty accounts, mostly people " +
          "who have the app open on a phone and a tablet at the same time, " +
          "all day long.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 596_140,
        endMs: 612_270,
        text: "Nice. I'm weirdly proud of that banner. Let's put the " +
          "timestamp idea on the list for 2.1. It's small, but it's not a " +
          "release blocker, and I don't want us adding things to 2.0 two " +
          "minutes after Priya's speech about scope. Okay, templates. Priya?",
      },
      {
        speaker: "Priya Raman",
        startMs: 612_950,
        endMs: 709_080,
        text: "Templates are mostly me and Jonas. The template gallery is " +
          "done, there are twelve built-in templates now, including a " +
          "meeting one, a daily log, a reading note, and a field survey " +
          "template that we based on what Ana showed us in the customer " +
          "interview. The template editor isn't hidden in settings anymore, " +
          "it's in the new note menu now. That was the single most common " +
          "piece of feedback in the survey, people just couldn't find it. " +
          "Jonas also redid the template thumbnails, so you can see what a " +
          "template looks like before you use it, instead of only reading " +
          "its name. And there's a small thing I'm proud of: templates now " +
          "remember the last folder you used them in, so Ana's survey notes " +
          "would all land in her season folder without her having to move " +
          "them. What's not done is template variables beyond date and time. " +
          "Ana asked for GPS position and weather, and I'd love to do it, " +
          "but location permissions on iOS are a whole thing, and I don't " +
          "want to pop up a location permission dialog for people who will " +
          "never use it. So I'm proposing date and time only for 2.0, and " +
          "location as an opt-in in 2.1. Weather I'd leave out completely " +
          "for now, because it needs a network call and an external service, " +
          "and that doesn't fit very well with local-first.",
      },
      {
        speaker: "Theo Lindqvist",
        startMs: 710_400,
        endMs: 737_200,
        text: "Do we lose Ana if we don't do GPS? I mean her specifically, " +
          "but also people like her. Researchers were the biggest group in " +
          "the beta signups. I looked at the signup form this morning. Out " +
          "of about nine hundred answers, a bit more than a third said " +
          "research or fieldwork, then writers, then students. So whatever " +
          "we tell Ana, we're basically telling a third of our most engaged " +
          "users.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 738_580,
        endMs: 773_100,
        text: "I don't think so. She's been typing coordinates by hand for a " +
          "year, she mentioned it almost as an aside. What she was really " +
          "emphatic about was the checklist data loss, and the export. She " +
          "said, if the data's gone, the season's gone. That's the thing " +
          "that would make her leave. And I'd rather tell her honestly that " +
          "location is coming in 2.1 than ship it half-done. She'll " +
          "understand, she's a scientist, she likes it when things are done " +
          "properly. Which reminds me, Priya, where's the CSV export?",
      },
      {
        speaker: "Priya Raman",
        startMs: 773_680,
        endMs: 839_380,
        text: "CSV export is done and merged. You pick a folder or a tag, " +
          "and every checklist in those notes turns into one row per item, " +
          "with the note title, the created date, the item text, checked or " +
          "not, and the position. Dates are in ISO format, and the file is " +
          "UTF-8 with a byte order mark, because otherwise one very popular " +
          "spreadsheet program mangles every umlaut and accent, which we " +
          "found out the hard way with a test file full of German notes from " +
          "Studio Nordlicht. I tested it with Ana's template structure and " +
          "it opens fine in a spreadsheet and in R. There's also an option " +
          "to include the note's tags as a column, which Lena suggested, " +
          "because apparently some people use tags as a kind of category for " +
          "their survey sites. It's a small feature, but I think for " +
          "researchers it's a really big deal. It's going out in beta 2 on " +
          "the seventeenth.",
      },
      {
        speaker: "Theo Lindqvist",
        startMs: 840_130,
        endMs: 869_010,
        text: "That's a great story for the launch post, actually. Real " +
          "user, real problem, and we fixed it. Can we ask her for a quote? " +
          "Only if she's comfortable, obviously. I don't want to turn a " +
          "customer interview into a marketing thing without asking. We " +
          "could even show a before and after. A screenshot of the old " +
          "Markdown export with all the dashes and brackets, and then the " +
          "CSV opening cleanly in a spreadsheet. People get that in two " +
          "seconds.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 869_930,
        endMs: 953_360,
        text: "I'll ask Lena to ask her, Lena's been the one in touch since " +
          "the interview. Okay, the last few features, quickly. The " +
          "high-contrast sunlight theme, also from Ana's interview: Jonas " +
          "finished it, it's in beta 2. Onboarding: the new illustrations " +
          "from Studio Nordlicht in Berlin arrive on the seventeenth. Jonas " +
          "had a call with them last week, they're going with the sketch " +
          "style, SVG only, plus dark mode variants. That gives us a week to " +
          "integrate before the release candidate, which Jonas says is " +
          "enough, as long as we don't change the onboarding copy again. " +
          "Which I promise we won't. Oh, and one more I almost forgot, the " +
          "accessibility pass. Jonas and Lena went through every screen with " +
          "VoiceOver and TalkBack and found twenty-three issues, mostly " +
          "missing labels on icon buttons and checklist items not announcing " +
          "whether they're checked. Nineteen are fixed, the other four are " +
          "all in the sync settings screen, and they'll be done before the " +
          "freeze. Also, the Linux build, which a surprising number of beta " +
          "testers asked about, now ships as a Flatpak as well as an " +
          "AppImage. And photos with location, that's cut from 2.0. It goes " +
          "into 2.1 together with the template location variables, since it " +
          "needs the exact same permissions work, so we do one permissions " +
          "dialog, one explanation, one release. Okay. Pricing. Theo, this " +
          "one's yours. Or do you want me to drive?",
      },
      {
        speaker: "Theo Lindqvist",
        startMs: 954_330,
        endMs: 1_022_230,
        text: "I'll start, and you correct me. So, the pricing page redesign " +
          "is done, Jonas and Maya signed it off in October. Three columns, " +
          "Free, Plus and Team. The annual toggle defaults to annual. Plus " +
          "is six dollars a month, or sixty a year, which is two months " +
          "free. Team is new, it's eight dollars a seat per month, or six a " +
          "seat billed annually, with real invoices, which is the thing " +
          "universities and small companies keep asking for. On the Stripe " +
          "side, Priya already built the new price IDs, and the app reads " +
          "pricing from the same config as the website, so the two can't " +
          "drift apart anymore. And for the headline we went with: your " +
          "notes stay yours, on every plan. I still love that line. It says " +
          "what we are in five words. We also dropped the old Pro name " +
          "entirely. Anyone who's still on a Pro plan from the early days " +
          "gets moved to Plus and keeps the bigger attachment limit, so " +
          "nobody loses anything.",
      },
      {
        speaker: "Priya Raman",
        startMs: 1_023_520,
        endMs: 1_064_840,
        text: "One correction on the Stripe side. The new prices exist in " +
          "test mode, not in live mode yet. I want to create the live prices " +
          "on release day, behind the config flag, so nobody can " +
          "accidentally check out at the new price before the page is " +
          "public. The flag also controls which price IDs the in-app upgrade " +
          "screen uses, so flipping it switches the website and the app at " +
          "the same moment. And if anything looks wrong, flipping it back " +
          "restores the old prices without a new build. That's literally a " +
          "five-minute thing, I just want it on the release checklist so " +
          "nobody forgets it at eleven at night.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 1_065_350,
        endMs: 1_081_600,
        text: "Added to the checklist. What about existing customers? That's " +
          "the part I'm actually nervous about. Every time a company changes " +
          "prices, there's a thread somewhere with a thousand angry replies, " +
          "and I don't want to be that thread.",
      },
      {
        speaker: "Theo Lindqvist",
        startMs: 1_082_130,
        endMs: 1_145_210,
        text: "So my proposal, and I talked this through with our " +
          "accountant, is that every existing Plus subscriber keeps their " +
          "current price for twelve months. And there's a wrinkle here that " +
          "I only found last week. Anyone who signed up before March is " +
          "still on the old five dollar monthly price. We raised it to six " +
          "for new people in March, but we never migrated the old ones. " +
          "That's around eleven hundred people. The yearly people from back " +
          "then are on fifty a year. So: all of them stay exactly where they " +
          "are for another twelve months. After that, they move to the new " +
          "price, and we email them at least thirty days before it happens. " +
          "Nobody gets surprised, and nobody gets a price increase the same " +
          "week we ship a big release. Financially it's a rounding error for " +
          "us, and I think the goodwill is worth way more than the money.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 1_146_260,
        endMs: 1_177_100,
        text: "I'm good with that. It's generous, and it's easy to explain. " +
          "The one thing I want is that the email to existing customers goes " +
          "out two weeks before the release, not on release day, so they " +
          "hear it from us first and not from somebody's screenshot. Lena " +
          "and I can draft it this week, and Theo, you sign it, it should " +
          "come from a founder. Lena and I will also prepare a short " +
          "internal FAQ for support, so everyone answers the same questions " +
          "the same way.",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 1_177_620,
        endMs: 1_195_400,
        text: "What about Team and the education discount? I saw Theo's " +
          "message in the channel about university labs, but I wasn't sure " +
          "if that was decided or just an idea. Also, does Team change " +
          "anything technically? Like, is there anything shared in Team, or " +
          "is it just billing for now?",
      },
      {
        speaker: "Theo Lindqvist",
        startMs: 1_196_450,
        endMs: 1_255_530,
        text: "On the technical side, Team is just billing for now. One " +
          "invoice, seat management, and an admin who can add and remove " +
          "people. Minimum two seats, no maximum, card or invoice, and " +
          "invoice only on the annual plan. No shared notebooks yet, that's " +
          "a separate conversation. On the discount, it's not decided. The " +
          "problem is that Ana said a lab of five needs to stay under three " +
          "hundred a year, or it goes to a committee, and at six dollars a " +
          "seat that's three hundred and sixty. I'm leaning towards an " +
          "education discount for academic emails, but I want to think about " +
          "it more before we put anything on the pricing page, because once " +
          "a number is public it's really hard to take back. For the launch, " +
          "the pricing page just says, teaching or research? Contact us. We " +
          "handle those by hand for the first few months and see how many " +
          "there actually are.",
      },
      {
        speaker: "Priya Raman",
        startMs: 1_256_390,
        endMs: 1_294_560,
        text: "Doing it by hand is the right call. Verifying academic emails " +
          "automatically is a rabbit hole. Every country has a different " +
          "domain pattern, some universities give students regular webmail " +
          "addresses, some labs are at research institutes that aren't " +
          "universities at all. It's a mess. If we get fifty requests a " +
          "month, we can think about automating it. Right now we'd be " +
          "building a system for maybe ten people. What I would do is a " +
          "simple form that creates a support ticket with the institution's " +
          "name, and then Lena or Maya applies a coupon by hand. We already " +
          "have Stripe coupons, we used them for the beta testers.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 1_295_090,
        endMs: 1_325_740,
        text: "Okay, so the pricing decisions are: the pricing page ships " +
          "with 2.0, Free, Plus, Team, annual by default. Existing customers " +
          "keep their price for twelve months. The email goes out two weeks " +
          "before release. Education is contact-us for now, and Theo owns " +
          "the final education numbers by the end of the month. I'll also " +
          "put these decisions on the one-page status, so next time nobody " +
          "has to reconstruct them from memory. Good? Good. Dates. Priya, " +
          "you had a proposal.",
      },
      {
        speaker: "Priya Raman",
        startMs: 1_326_680,
        endMs: 1_378_730,
        text: "Yes, so here's what I'd propose, working backwards. Release " +
          "on Tuesday, December eighth. That gives us a full week of app " +
          "store review buffer, which we need, because Apple took six days " +
          "last time, and Google flagged us once for the permissions text. " +
          "So the release candidate gets cut on Tuesday, November " +
          "twenty-fourth, and we submit to both stores the same day. Beta 2 " +
          "goes out next Tuesday, the seventeenth, with the migration and " +
          "the CSV export. And code freeze for new features is Friday the " +
          "twentieth. After that, only bug fixes. Translations also need to " +
          "be final by the freeze, because the German and Portuguese strings " +
          "go to the translators on the twentieth, and they need three " +
          "working days. If we do that, the week between the RC and the " +
          "release is just watching review, fixing whatever beta testers " +
          "find, and preparing the launch.",
      },
      {
        speaker: "Theo Lindqvist",
        startMs: 1_379_530,
        endMs: 1_403_150,
        text: "December eighth. Is that too close to the holidays? I feel " +
          "like people aren't reading product announcements in the last two " +
          "weeks of December. But the eighth is probably still fine? I'm " +
          "asking because last year we shipped 1.6 on the eighteenth, and I " +
          "spent Christmas Eve answering emails about the broken widget. I'd " +
          "love to not do that again.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 1_403_890,
        endMs: 1_445_830,
        text: "The eighth is fine. I checked our numbers from last year, " +
          "signups and website traffic only really drop after the fifteenth. " +
          "And if we slip a week, we're still okay. If we slip two, I'd " +
          "rather release in January than right before Christmas, when " +
          "nobody's around to answer support tickets. So, December eighth is " +
          "the target, December fifteenth is the last possible date, and if " +
          "we miss that, we go to January twelfth and don't argue about it. " +
          "Also, if we do slip, we tell the beta testers the new date the " +
          "same day. They've been really patient with us, and the worst " +
          "thing would be for them to hear about a delay from a store " +
          "listing.",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 1_446_870,
        endMs: 1_471_860,
        text: "Can I ask that the code freeze is strict this time? Last " +
          "release we had a freeze, and then three features came in after it " +
          "as small exceptions, and one of those broke sync on Android for " +
          "two days. It was also the Friday before a long weekend, so nobody " +
          "noticed until Tuesday. I'd really rather not spend the week " +
          "before a release debugging somebody's last-minute feature.",
      },
      {
        speaker: "Priya Raman",
        startMs: 1_472_980,
        endMs: 1_503_890,
        text: "Yes. Strict freeze. Any exception needs both me and Maya to " +
          "say yes, in writing, in the release channel, and it has to come " +
          "with a test. If it can't be tested, it waits for 2.0.1. I'll put " +
          "that in the release checklist too, so it's not just something we " +
          "said in a meeting. And bug fixes after the freeze still go " +
          "through review, same as always, just with smaller diffs, and with " +
          "a second reviewer from the sync side if a fix touches sync.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 1_505_130,
        endMs: 1_548_850,
        text: "Written down. Okay, risks. I'll list what I have, and you " +
          "tell me what I'm missing. One, the migration fails on some weird " +
          "store we haven't seen. Two, old clients, so someone on 1.9 " +
          "syncing with someone on 2.0, or the same person with an old " +
          "tablet they forgot to update. Three, app store review takes " +
          "longer than a week. Four, the Stripe live prices go wrong on " +
          "release day. And five, we get a wave of support tickets about " +
          "pricing and the migration that Lena can't handle alone. Six, and " +
          "this one's mine: the launch post goes out and the download page " +
          "still points at the old build, because that happened to a " +
          "friend's company and I still think about it.",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 1_549_120,
        endMs: 1_630_130,
        text: "On number two, the plan is a protocol version bump. A 2.0 " +
          "client writes checklist items in the new format, and a 1.9 client " +
          "can't read those. So when a 1.9 client connects, the server tells " +
          "it, you're too old, please update, and it stops syncing until it " +
          "does. It doesn't delete anything, it just pauses sync. Your local " +
          "notes are all still there, you can keep editing them, and they " +
          "sync as soon as you update. I'd like the wording on that screen " +
          "to be really calm, though, so Maya, that's another one for you. " +
          "And on number one, I'd like to do a staged rollout on Android. " +
          "Ten percent on day one, fifty percent on day three, and everyone " +
          "after a week, if the error rate looks normal. iOS can do the same " +
          "thing with a phased release. That way, if the migration has a " +
          "problem, it only hits a small group first, and we can pause it. " +
          "Google Play lets us halt a staged rollout at any percentage, and " +
          "Apple's phased release can be paused for up to thirty days, so " +
          "both stores give us a way to stop. One more thing: the search " +
          "index gets rebuilt after the migration, which on the big store " +
          "takes about forty seconds. We'll show a small progress line in " +
          "search instead of blocking the whole app.",
      },
      {
        speaker: "Priya Raman",
        startMs: 1_630_380,
        endMs: 1_708_080,
        text: "And to add to number one, the migration keeps a full backup " +
          "of the old database file, next to the new one, for thirty days. " +
          "If the migration fails halfway, the app restores the backup, " +
          "keeps running on the old format with sync paused, and sends us an " +
          "anonymous error report, only if the user has diagnostics turned " +
          "on, obviously. Sam, I'd also like a hidden setting to retry the " +
          "migration, so support can walk someone through it without us " +
          "shipping a new build. And on what normal means for the staged " +
          "rollout, I'll put up a small dashboard: migration success rate, " +
          "crash-free sessions, sync errors per hour, and conflict banners " +
          "per day. Sam and I check it twice a day for the first week. If " +
          "migration success drops below ninety-nine and a half percent, we " +
          "pause the rollout and look before anything else happens. I'll " +
          "also write a one-page runbook: what to check, who to call, how to " +
          "pause each store, and how to flip the pricing flag back. Whoever " +
          "is on call that week should be able to follow it at two in the " +
          "morning without thinking.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 1_708_510,
        endMs: 1_756_500,
        text: "Great. On support load, Lena's preparing macros for the top " +
          "ten questions we expect, and I'll take the pricing questions " +
          "myself for the first week, so she's not drowning. And for the " +
          "Stripe risk, Priya's five-minute checklist item plus a test " +
          "purchase on release morning with a real card, which we then " +
          "refund. For number three, app store review, the only thing we can " +
          "do is submit early and keep the December fifteenth fallback, " +
          "which we have. Lena is also updating the help center, fourteen " +
          "articles need new screenshots because of the new note menu. And " +
          "for number six, the download links, I'll click every single one " +
          "on release morning, from a phone on mobile data, not the office " +
          "wifi. Okay, last item, launch comms. Theo?",
      },
      {
        speaker: "Theo Lindqvist",
        startMs: 1_757_110,
        endMs: 1_838_650,
        text: "So, the blog post, I'll write it, draft by December first. " +
          "The angle is: your notes stay yours, and the three things that " +
          "make that real in 2.0. Checklists that never lose a tick, export " +
          "that gives you your data in a format you actually use, and a team " +
          "plan for people who work together. Then a shorter changelog for " +
          "the app and the website, a newsletter on the day, and a thread " +
          "from the company account. I'd love a short video too, but I don't " +
          "think we have the time, so let's call that a maybe. For the " +
          "thread, I want to show, not tell: a short clip of the phone in " +
          "airplane mode, ticking items, the laptop reordering the same " +
          "list, and then both coming back together with nothing lost. " +
          "Fifteen seconds, no voiceover. And for the newsletter, I'd like " +
          "to use the numbers Sam mentioned, four hundred and twelve banners " +
          "and zero lost checklists, because that's a much better argument " +
          "than any adjective we could write. And, since Maya always asks " +
          "for the someday list at the end, I'll just say mine now. The one " +
          "I keep coming back to is end-to-end encrypted shared notebooks. A " +
          "team shares a notebook, and even we can't read it. For the " +
          "research people, and honestly for journalists, that would be a " +
          "huge deal. I know it's not for 2.0.",
      },
      {
        speaker: "Priya Raman",
        startMs: 1_839_040,
        endMs: 1_888_140,
        text: "It's definitely not for 2.0, and probably not for 2.1 either. " +
          "Key management for shared notebooks is genuinely hard. If someone " +
          "leaves the team, or loses their only device, what happens to the " +
          "notebook? If we get that wrong, people lose access to their own " +
          "notes, which is the one thing we promise never happens. I'd like " +
          "to spend some time reading how other teams did it before we even " +
          "try to estimate it. Put it on someday, and I'll do a small " +
          "research spike in January, once 2.0 is out and stable. And I'd " +
          "like us to write down now, before we're all excited after " +
          "shipping, that the spike is time-boxed to one week. If the answer " +
          "at the end of that week is, it's complicated, that's a perfectly " +
          "fine answer.",
      },
      {
        speaker: "Maya Okafor",
        startMs: 1_889_220,
        endMs: 1_936_520,
        text: "Someday list it is. Okay, recap of owners, and then we're " +
          "done, only a few minutes over. Sam: the table safety net, the " +
          "migration test on the big store, the retry setting, and the " +
          "staged rollout plan. Priya: live Stripe prices on release day, " +
          "the dashboard, the strict freeze in the checklist, and cutting " +
          "the RC on the twenty-fourth. Theo: the blog post by December " +
          "first, and the education pricing decision by the end of the " +
          "month. Me: the existing-customer email with Lena, the " +
          "too-old-client screen copy, and I'll send the summary of this " +
          "meeting tonight. And Lena, who isn't here: support macros, the " +
          "help center screenshots, asking Ana about the quote, and the last " +
          "accessibility fixes with Jonas. Did I miss anything? No? Great. " +
          "Thanks, everyone. This was a good one.",
      },
    ],
  },
  {
    id: BETA_FEEDBACK_CHAT,
    title: "Chat: beta 2 feedback roundup",
    createdAt: "2026-11-17T10:12:00.000Z",
    source: "chat",
    language: "en",
    engine: "chat-import",
    modelId: "none",
    starred: false,
    manualTags: ["beta", "feedback"],
    template: null,
    segments: [
      {
        speaker: "Lena Vogel",
        startMs: 0,
        endMs: 6950,
        text: "morning! beta 2 went out to 212 people at 6 this morning 🎉 " +
          "first feedback is already coming in",
      },
      {
        speaker: "Maya Okafor",
        startMs: 24_270,
        endMs: 25_430,
        text: "amazing. anything scary?",
      },
      {
        speaker: "Lena Vogel",
        startMs: 87_050,
        endMs: 102_700,
        text: "nothing scary. three themes so far: (1) people love the new " +
          "checklist sync, two testers explicitly said their ticks stay put " +
          "now, (2) the pricing link in the upgrade screen gives a 404 on " +
          "Android, (3) a few people can't find the template gallery",
      },
      {
        speaker: "Maya Okafor",
        startMs: 162_310,
        endMs: 171_240,
        text: "the 404 is bad, can you file it? and ping Priya, that link " +
          "comes from the same config as the pricing page",
      },
      {
        speaker: "Lena Vogel",
        startMs: 192_330,
        endMs: 197_670,
        text: "filed as POL-402, Priya's already on it. she says it's a " +
          "missing trailing slash 🙃",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 248_460,
        endMs: 260_010,
        text: "also fyi: zero sync conflict banners on the new checklist " +
          "model in the first four hours. on 1.9.4 we see around fifteen a " +
          "day, so the item-level merge is doing its job",
      },
      {
        speaker: "Maya Okafor",
        startMs: 331_990,
        endMs: 334_270,
        text: "best news of the week 👍🏽",
      },
      {
        speaker: "Lena Vogel",
        startMs: 352_020,
        endMs: 367_350,
        text: "Ana Ribeiro replied too. she ran the CSV export on last " +
          "season's data and says it would have saved her a whole evening of " +
          "cleanup. she asked if she can mention us in her lab newsletter, " +
          "haha",
      },
      {
        speaker: "Maya Okafor",
        startMs: 388_350,
        endMs: 395_150,
        text: "ha, yes of course. could you also ask her if we can quote her " +
          "in the launch post?",
      },
      {
        speaker: "Lena Vogel",
        startMs: 474_880,
        endMs: 481_100,
        text: "will do. I'll write up the full summary and post it in " +
          "#launch by end of day",
      },
      {
        speaker: "Sam Whitaker",
        startMs: 537_860,
        endMs: 545_810,
        text: "re the template gallery: maybe we show it in the empty state " +
          "of a new note? that's where people look",
      },
      {
        speaker: "Maya Okafor",
        startMs: 565_340,
        endMs: 569_100,
        text: "good idea, let's talk at standup tomorrow. thanks both 👍🏽",
      },
    ],
  },
  {
    id: TEAM_PRICING_NOTE,
    title: "Voice note: team and education pricing",
    createdAt: "2026-11-19T18:05:00.000Z",
    source: "voice_note",
    language: "en",
    engine: "whisper.cpp",
    modelId: "small.en",
    starred: false,
    manualTags: ["pricing"],
    template: null,
    segments: [
      {
        speaker: "Theo Lindqvist",
        startMs: 800,
        endMs: 12_110,
        text: "Quick thought after the call with the university folks. Um. I " +
          "keep going back and forth on team pricing, so I'm just going to " +
          "talk it through.",
      },
      {
        speaker: "Theo Lindqvist",
        startMs: 13_260,
        endMs: 31_150,
        text: "If Team is six dollars a seat per month billed yearly, a " +
          "five-person lab pays three hundred sixty a year. That's just " +
          "above the number Ana gave us, three hundred, where it goes to a " +
          "committee. Which is annoying. That's exactly the wrong side of " +
          "the line.",
      },
      {
        speaker: "Theo Lindqvist",
        startMs: 31_940,
        endMs: 49_010,
        text: "Option one: education pricing, twenty percent off for " +
          "verified academic emails. That puts the lab at two eighty-eight. " +
          "Option two: students get free Team seats if a paying member " +
          "invites them. That's generous, and it's a nice story, but it's " +
          "harder to enforce.",
      },
      {
        speaker: "Theo Lindqvist",
        startMs: 49_640,
        endMs: 63_180,
        text: "I think I like option one for the launch and option two as an " +
          "experiment next year. Keep the pricing page simple, put education " +
          "pricing in the FAQ with a contact link, and don't add a fourth " +
          "column.",
      },
      {
        speaker: "Theo Lindqvist",
        startMs: 64_360,
        endMs: 75_920,
        text: "Okay. Talk to Maya tomorrow. And ask Priya how hard it is to " +
          "verify an academic email in Stripe, or whether we just do it by " +
          "hand at first.",
      },
    ],
  },
];

/** The demo tasks, oldest first; most point at the transcript they were captured from. */
export const DEMO_TASKS: readonly Task[] = [
  {
    id: HOTFIX_TASK,
    text: "POL-358 hotfix: keep both versions instead of overwriting " +
      "checklist blocks",
    bucket: "done",
    done: true,
    doneAt: "2026-10-16T17:40:00.000Z",
    createdAt: "2026-10-13T10:02:00.000Z",
    parentTaskId: null,
    transcriptId: SYNC_CONFLICT_TRIAGE,
  },
  {
    id: "78a2d30d-b964-4965-b7c1-cadcd6c6c5c0",
    text: "Rewrite the sync conflict banner copy: two versions of this note, " +
      "keep both / compare",
    bucket: "done",
    done: true,
    doneAt: "2026-10-20T14:10:00.000Z",
    createdAt: "2026-10-14T07:55:00.000Z",
    parentTaskId: HOTFIX_TASK,
    transcriptId: BANNER_COPY_NOTE,
  },
  {
    id: "51b3b775-5f85-4016-a946-4de6ba35c042",
    text: "Send Ana Ribeiro the 2.0 beta build",
    bucket: "done",
    done: true,
    doneAt: "2026-10-27T09:15:00.000Z",
    createdAt: "2026-10-21T17:05:00.000Z",
    parentTaskId: null,
    transcriptId: CUSTOMER_INTERVIEW,
  },
  {
    id: "f7b7474c-53c3-4579-8f46-42982e159731",
    text: "Review Studio Nordlicht's final SVGs, including the dark mode " +
      "variants",
    bucket: "week",
    done: false,
    doneAt: null,
    createdAt: "2026-11-03T14:05:00.000Z",
    parentTaskId: null,
    transcriptId: AGENCY_CALL,
  },
  {
    id: TABLE_NET_TASK,
    text: "Table safety net for 2.0: keep both versions and show the " +
      "conflict banner",
    bucket: "today",
    done: false,
    doneAt: null,
    createdAt: "2026-11-10T16:22:00.000Z",
    parentTaskId: null,
    transcriptId: RELEASE_PLANNING,
  },
  {
    id: "23f6fdc4-8882-4b65-a70e-7a1a8b9c9761",
    text: "Open a 2.1 ticket for per-row table merging, with Sam's estimate",
    bucket: "inbox",
    done: false,
    doneAt: null,
    createdAt: "2026-11-10T16:23:00.000Z",
    parentTaskId: TABLE_NET_TASK,
    transcriptId: RELEASE_PLANNING,
  },
  {
    id: "b3329a4a-5a17-48ea-b369-517ff26bf95a",
    text: "Create the live Stripe prices on release day, behind the config " +
      "flag",
    bucket: "week",
    done: false,
    doneAt: null,
    createdAt: "2026-11-10T16:24:00.000Z",
    parentTaskId: null,
    transcriptId: RELEASE_PLANNING,
  },
  {
    id: "66952750-badc-473b-b2a2-721197e96e7d",
    text: "Draft the price-change email to existing Plus customers with Lena",
    bucket: "today",
    done: false,
    doneAt: null,
    createdAt: "2026-11-10T16:26:00.000Z",
    parentTaskId: null,
    transcriptId: RELEASE_PLANNING,
  },
  {
    id: "2cb36fb5-390b-4163-ba8d-e06fd001b115",
    text: "Research spike, time-boxed to one week: end-to-end encrypted " +
      "shared notebooks",
    bucket: "someday",
    done: false,
    doneAt: null,
    createdAt: "2026-11-10T16:31:00.000Z",
    parentTaskId: null,
    transcriptId: RELEASE_PLANNING,
  },
  {
    id: "8aa34c5f-7f33-4fdc-af40-7357909102cb",
    text: "Renew the fieldnote.app domain before it expires in December",
    bucket: "inbox",
    done: false,
    doneAt: null,
    createdAt: "2026-11-12T08:40:00.000Z",
    parentTaskId: null,
    transcriptId: null,
  },
  {
    id: "298ddfb9-f337-4091-a75e-ef7434aa9ce4",
    text: "Ask Ana whether we can quote her in the 2.0 launch post",
    bucket: "inbox",
    done: false,
    doneAt: null,
    createdAt: "2026-11-17T10:31:00.000Z",
    parentTaskId: null,
    transcriptId: BETA_FEEDBACK_CHAT,
  },
  {
    id: "ff4265e2-bdd5-490a-83bb-f77a34d2761b",
    text: "Decide education pricing for Team: 20% off vs. free student seats",
    bucket: "week",
    done: false,
    doneAt: null,
    createdAt: "2026-11-19T18:09:00.000Z",
    parentTaskId: null,
    transcriptId: TEAM_PRICING_NOTE,
  },
];
