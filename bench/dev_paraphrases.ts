/**
 * The dev split of search by meaning's blind paraphrase sets, run by
 * `deno task bench-meaning --set dev` (bench/meaning_eval.ts): the set to tune on, so that
 * bench/fresh_paraphrases.ts (`--set fresh`) stays the test split, the honest measure. It was
 * written on 2026-12-02 blind to the word-vector table: without opening the table, the code
 * that reads it or expands queries, or the other sets' topics and queries, and without trying
 * a query to see which words the expansion brings. The wording is how people talk about
 * everyday matters; it was written once, then measured.
 *
 * Each of the 24 planted topics is a short conversation or voice note with a neutral title, so
 * the text must carry the topic. Each has one paraphrase query, which shares no content word
 * (stems included) with its text or title, and one literal query, worded from the text.
 * All run on the generated store.
 *
 * @module
 */
import { blindSet, type BlindTopic, type LabelledSet } from "./meaning_queries.ts";

/** The topics planted into the generated store, with each one's paraphrase and literal query. */
const TOPICS: readonly BlindTopic[] = [
  {
    title: "Voice note 2",
    text: "The engine made a grinding noise every time I braked on the motorway. " +
      "The garage says the pads are worn down to the metal and the discs are scored. " +
      "They can fit new ones on Thursday for about two hundred and forty pounds.",
    paraphrase: "how much will the mechanic charge to repair my car?",
    literal: "garage says the pads are worn and the discs scored",
  },
  {
    title: "Call with Morgan",
    text: "The tomatoes on the allotment have split again after all that rain. " +
      "I think the watering is too uneven, so I'm going to mulch around the plants with straw. " +
      "The courgettes are doing brilliantly though, we'll have far more than we can eat.",
    paraphrase: "why are the vegetables in my plot cracking open?",
    literal: "tomatoes split on the allotment, mulch with straw",
  },
  {
    title: "Voice note 5",
    text:
      "I rolled my ankle in the second half of Sunday's match and it swelled up straight away. " +
      "The physio says it's a sprain, no fracture, and I should rest it for two weeks with ice " +
      "and a compression bandage. No five-a-side until the end of the month.",
    paraphrase: "when can I get back to playing football after hurting my foot?",
    literal: "ankle sprain, physio says rest with ice and compression",
  },
  {
    title: "Call with Robin",
    text: "The electricity bill for the quarter came to three hundred and ten pounds, " +
      "nearly double last winter. The supplier put us on an estimated reading, so I sent them " +
      "a photo of the meter. They should recalculate it and refund the difference within ten " +
      "working days.",
    paraphrase: "why was our energy charge so high this time?",
    literal: "electricity bill estimated reading, photo of the meter",
  },
  {
    title: "Voice note 8",
    text: "The removal van is booked for the fourteenth and the men arrive at eight. " +
      "I still have to pack the kitchen and label every box with the room it goes to. " +
      "The keys to the new flat get handed over at noon by the letting agent.",
    paraphrase: "what date is our relocation to the apartment scheduled?",
    literal: "removal van booked, pack the kitchen and label every box",
  },
  {
    title: "Call with Jess",
    text: "My chemistry paper is on Monday morning and I've barely started revising organic " +
      "reactions. I made flashcards for the mechanisms last night but keep mixing them up. " +
      "My tutor suggested doing past papers under timed conditions this weekend.",
    paraphrase: "how should I study for the upcoming science test?",
    literal: "chemistry paper, revising organic reactions with flashcards",
  },
  {
    title: "Voice note 11",
    text: "We found a little cottage in Cornwall for the half-term week, right by the beach. " +
      "It sleeps six, allows dogs and has a wood burner for the evenings. " +
      "The deposit is due by Friday and the rest six weeks before we go.",
    paraphrase: "where are we staying on our seaside getaway?",
    literal: "cottage in Cornwall by the beach for half-term",
  },
  {
    title: "Call with Alex",
    text: "There is water dripping through the ceiling under the bathroom again. " +
      "I turned off the stopcock and put a bucket down, but the plumber can't come until " +
      "Tuesday. He thinks the seal around the shower tray has failed.",
    paraphrase: "who is fixing the leak upstairs and when?",
    literal: "water dripping through the bathroom ceiling, shower tray seal",
  },
  {
    title: "Voice note 14",
    text: "The sourdough came out flat and dense again this morning. " +
      "I think the starter wasn't active enough, it barely bubbled overnight. " +
      "Next time I'll feed it twice the day before and let the dough prove longer in a warm spot.",
    paraphrase: "what went wrong with my homemade loaf rising?",
    literal: "sourdough came out flat and dense, starter barely bubbled",
  },
  {
    title: "Call with Chris",
    text: "The filling in my back molar cracked while I was eating toffee. " +
      "The dental surgery can squeeze me in on Wednesday at four. " +
      "They said it might need a crown rather than just a new filling, which will cost more.",
    paraphrase: "when is my appointment to get a broken tooth sorted?",
    literal: "cracked filling in molar, might need a crown",
  },
  {
    title: "Voice note 17",
    text: "The home insurance renewal letter quoted almost forty percent more than last year. " +
      "I rang around and another company offered the same cover with a lower excess for much " +
      "less. I'm going to cancel the old policy before it auto-renews on the first.",
    paraphrase: "should we switch providers because the premium went up?",
    literal: "home insurance renewal quoted forty percent more",
  },
  {
    title: "Call with Pat",
    text: "The broadband has been down since yesterday afternoon and the router just flashes " +
      "orange. The provider's helpline said there's a fault at the exchange affecting the whole " +
      "street. They promised an engineer by tomorrow and a credit on next month's bill.",
    paraphrase: "when will our wifi connection be working again?",
    literal: "broadband down, router flashes orange, fault at the exchange",
  },
  {
    title: "Voice note 20",
    text: "We've finally chosen the venue, the old barn outside the village, for the twelfth of " +
      "June. The caterer wants final numbers by March and we're at a hundred and ten guests. " +
      "Still need to sort the florist and find a band that isn't ridiculously expensive.",
    paraphrase: "where are we getting married and how many people are invited?",
    literal: "venue is the old barn, caterer wants final numbers",
  },
  {
    title: "Call with Lee",
    text: "The nursery has a place for Mia from September, three days a week. " +
      "It works out at about nine hundred a month even after the government hours. " +
      "If we can't swing it, my mum offered to have her on Mondays and Fridays.",
    paraphrase: "how much is daycare going to cost for our toddler?",
    literal: "nursery place for Mia from September, three days a week",
  },
  {
    title: "Voice note 23",
    text: "The self-assessment return is due at the end of January and I haven't gathered my " +
      "receipts. I can claim part of the home office, the new laptop and my mileage for client " +
      "visits. My accountant wants everything in a spreadsheet by the fifteenth.",
    paraphrase: "which expenses are deductible on my yearly filing?",
    literal: "self-assessment return, claim home office and mileage",
  },
  {
    title: "Call with Kim",
    text: "The people next door had another party until three in the morning, with music " +
      "through the wall. I left a polite note last time but nothing changed. " +
      "If it happens again this weekend I'll contact the council's noise team.",
    paraphrase: "how do I complain about rowdy neighbours?",
    literal: "party next door until three, music through the wall",
  },
  {
    title: "Voice note 26",
    text: "Biscuit has stopped eating his kibble and keeps scratching at his ear. " +
      "The vet found an infection and gave us drops to put in twice a day for a week. " +
      "She also said he's a bit overweight and should go on a diet.",
    paraphrase: "what treatment did the animal doctor prescribe for our dog?",
    literal: "vet found an ear infection, drops twice a day",
  },
  {
    title: "Call with Sasha",
    text: "I signed up for the Thursday evening pottery class at the community centre. " +
      "We're learning to throw bowls on the wheel and my first three collapsed. " +
      "The teacher says to keep my elbows tucked in and use less water.",
    paraphrase: "what advice did I get in my ceramics course?",
    literal: "pottery class, throw bowls on the wheel",
  },
  {
    title: "Voice note 29",
    text: "I left my wallet on the bus home from work yesterday. " +
      "I've cancelled both bank cards and reported it to the transport company's lost " +
      "property office. Nobody has handed it in yet, and my driving licence was in there too.",
    paraphrase: "did anyone find the purse I misplaced on public transit?",
    literal: "left my wallet on the bus, cancelled bank cards",
  },
  {
    title: "Call with Jordan",
    text: "The landlord emailed to say the rent goes up by a hundred and fifty from April. " +
      "Our tenancy runs out in March so we either sign for another year or start looking. " +
      "I asked whether he'd fix the damp in the spare bedroom before we agree.",
    paraphrase: "is our monthly housing payment increasing?",
    literal: "landlord says rent goes up from April",
  },
  {
    title: "Voice note 32",
    text: "Nan turns ninety on the twentieth, so we're throwing a surprise lunch at the pub she " +
      "likes. Uncle Dave is driving her over at one pretending it's just the two of them. " +
      "I've ordered a cake shaped like her old sewing machine.",
    paraphrase: "how are we celebrating grandmother on her birthday?",
    literal: "surprise lunch at the pub, Nan turns ninety",
  },
  {
    title: "Call with Taylor",
    text: "At parents' evening Mr Hughes said Leo is bright but keeps chatting in maths lessons. " +
      "His reading has come on a lot since the summer. " +
      "They'd like us to practise times tables with him at home for ten minutes each night.",
    paraphrase: "what feedback did the teacher give about our boy?",
    literal: "parents evening, practise times tables at home",
  },
  {
    title: "Voice note 35",
    text: "I dropped my phone in the car park and the screen shattered into a spiderweb. " +
      "The repair shop on the high street can replace the glass in an hour for eighty quid. " +
      "It's still under contract so I checked, but accidental damage isn't included.",
    paraphrase: "where do I get my cracked mobile display fixed?",
    literal: "phone screen shattered, repair shop can replace the glass",
  },
  {
    title: "Call with Noor",
    text: "For next month's book club we've picked a thriller set on a remote Scottish island. " +
      "It's my turn to host, so I'll do a couple of quiches and someone is bringing wine. " +
      "Please finish the novel by the twenty-eighth and no spoilers in the group chat.",
    paraphrase: "which mystery are we reading for the literary gathering?",
    literal: "book club thriller on a remote Scottish island",
  },
];

/** The dev set: its planted topics, and one paraphrase and one literal query each. */
export const DEV_SET: LabelledSet = blindSet(TOPICS);
