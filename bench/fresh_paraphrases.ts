/**
 * A fresh labelled set for search by meaning (issue #25), run by
 * `deno task bench-meaning --set fresh` (bench/meaning_eval.ts). The set of
 * bench/meaning_queries.ts was written by someone who knew the word-vector table's
 * neighbours; this one was written on 2026-12-02 blind to it: without opening the table, the
 * code that reads it or expands queries, or the other set's topics and queries, and without
 * trying a query to see which words the expansion brings. The wording is how people talk about
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
    title: "Voice note 3",
    text: "Went to the clinic this morning because the cough has lasted nearly three weeks. " +
      "The doctor listened to my chest and thinks it is bronchitis, not pneumonia. " +
      "She gave me an inhaler and said to come back if the fever returns.",
    paraphrase: "when did I see a physician about my persistent respiratory illness?",
    literal: "doctor said bronchitis, cough and inhaler",
  },
  {
    title: "Call with Dana",
    text: "I moved the savings into the high-interest account at the credit union. " +
      "The rate is four point five percent but you can only withdraw twice a month. " +
      "We also need to stop paying for the streaming subscriptions we never watch.",
    paraphrase: "where did we park our emergency fund for a better yield?",
    literal: "high-interest savings account at the credit union",
  },
  {
    title: "Voice note 7",
    text: "Our flight to Lisbon got cancelled so the airline rebooked us through Madrid. " +
      "We land six hours later than planned and might miss the first night at the guesthouse. " +
      "I emailed the host to ask if they can hold the room.",
    paraphrase: "what happened when our plane to Portugal was scrapped?",
    literal: "flight to Lisbon cancelled, rebooked through Madrid",
  },
  {
    title: "Call with Marco",
    text: "The kitchen tap has been dripping all week and now there is water under the sink. " +
      "The plumber can come Thursday between eight and noon. " +
      "He thinks the washer is worn and the trap might be cracked.",
    paraphrase: "when is someone fixing the leaky faucet?",
    literal: "plumber for the kitchen tap dripping under the sink",
  },
  {
    title: "Voice note 12",
    text: "Parent evening is on the fourteenth. " +
      "Mia's maths teacher says she is struggling with fractions and suggests a tutor twice a week. " +
      "Her reading is well above her year group.",
    paraphrase: "is my daughter falling behind in arithmetic at school?",
    literal: "maths teacher says struggling with fractions, tutor",
  },
  {
    title: "Call with Jordan",
    text: "I put in the request for parental leave starting in March. " +
      "HR said I get sixteen weeks at full pay and then eight unpaid. " +
      "My manager wants a handover document before I go.",
    paraphrase: "how long is the maternity or paternity break from my employer?",
    literal: "parental leave sixteen weeks full pay",
  },
  {
    title: "Voice note 2",
    text: "For Sunday I want to try the slow-roasted lamb shoulder with garlic and rosemary. " +
      "It needs five hours in a low oven, so it has to go in by ten. " +
      "Potatoes can roast underneath in the drippings.",
    paraphrase: "what meat dish are we cooking for the weekend dinner?",
    literal: "slow-roasted lamb shoulder with garlic and rosemary",
  },
  {
    title: "Call with Aunt Ruth",
    text: "The vet says the cat has put on too much weight and should go on a diet food. " +
      "We need to cut out the treats and weigh her again in a month. " +
      "She is also due her vaccinations.",
    paraphrase: "is our kitty overweight, what did the animal doctor recommend?",
    literal: "vet says the cat needs a diet",
  },
  {
    title: "Voice note 9",
    text: "The solicitor sent the draft of the will and the power of attorney. " +
      "Mum wants the house split equally between the three of us. " +
      "We have to sign in front of two witnesses who are not family.",
    paraphrase: "who inherits my mother's property, and what paperwork came from the lawyer?",
    literal: "solicitor sent the will and power of attorney",
  },
  {
    title: "Call with Ben",
    text: "The forecast for Saturday says gusts up to sixty and heavy rain on the ridge. " +
      "I think we cancel the hike and go to the climbing gym instead. " +
      "If it clears on Sunday we could do the lake loop.",
    paraphrase: "did the storm make us scrap the mountain trek?",
    literal: "heavy rain forecast, cancel the hike",
  },
  {
    title: "Voice note 4",
    text: "My laptop keeps freezing after the latest update and the fan is running constantly. " +
      "I tried booting into safe mode and rolling the driver back. " +
      "IT says to bring it in and they will reimage it.",
    paraphrase: "why does my computer hang since the software upgrade?",
    literal: "laptop freezing after the update",
  },
  {
    title: "Call with Grandma",
    text: "We are throwing a surprise party for Dad's seventieth at the community hall on the " +
      "twentieth. Uncle Tom is bringing the cake and I have ordered the balloons. " +
      "Please don't tell him, he thinks we are just going for lunch.",
    paraphrase: "secret birthday celebration for my father",
    literal: "surprise party for Dad's seventieth at the community hall",
  },
  {
    title: "Voice note 15",
    text: "The garage called about the car: the brake pads are down to two millimetres and the " +
      "front discs are scored. They quoted three hundred and forty for both. " +
      "The MOT is due next month anyway.",
    paraphrase: "what did the mechanic estimate for my vehicle repairs?",
    literal: "brake pads and front discs quote from the garage",
  },
  {
    title: "Call with Lena",
    text: "Slugs have eaten half the lettuces again. " +
      "I'm going to put copper tape around the raised beds and try beer traps. " +
      "The tomatoes are fine in the greenhouse though.",
    paraphrase: "pests destroying my vegetable patch",
    literal: "slugs ate the lettuces, copper tape on the raised beds",
  },
  {
    title: "Voice note 18",
    text: "Week three of the couch to 5k program. " +
      "Today was two runs of eight minutes and my knees felt okay. " +
      "I bought proper running shoes from the shop on Elm Street and it made a huge difference.",
    paraphrase: "how is my beginner jogging routine progressing?",
    literal: "couch to 5k running shoes",
  },
  {
    title: "Call with Omar",
    text: "The sofa arrived with a torn cushion and one leg missing. " +
      "The store says they will collect it within ten working days and refund the full amount. " +
      "I have to keep the original packaging until then.",
    paraphrase: "how do I get my money back for the damaged couch?",
    literal: "sofa arrived with a torn cushion, refund",
  },
  {
    title: "Voice note 21",
    text: "Somebody reversed into my parked car at the supermarket and drove off. " +
      "I've filed a claim with the insurer and uploaded the photos. " +
      "They want a crime reference number from the police before they'll pay out.",
    paraphrase: "hit and run in a store lot, how does the coverage work?",
    literal: "claim with the insurer, crime reference number from the police",
  },
  {
    title: "Call with Felix",
    text: "The removal van is booked for the twenty-eighth. " +
      "We still have to pack the books and get the boxes from the storage unit. " +
      "The new landlord hands over the keys at nine that morning.",
    paraphrase: "relocating to another apartment, when is the truck coming?",
    literal: "removal van booked, pack the boxes",
  },
  {
    title: "Voice note 24",
    text: "The dentist found a cavity in a back molar and wants to do a filling next Tuesday. " +
      "My gums bleed when I floss, so the hygienist showed me a better way to brush.",
    paraphrase: "when is my tooth decay being treated?",
    literal: "dentist found a cavity, filling next Tuesday",
  },
  {
    title: "Call with Sofia",
    text: "The nursery has a place for Leo from September, three days a week. " +
      "It costs sixty-two a day, and we can use the tax-free scheme. " +
      "We need to confirm by Friday or they give the spot to the next family on the waitlist.",
    paraphrase: "daycare opening for our toddler, and the fees",
    literal: "nursery place from September, three days a week",
  },
  {
    title: "Voice note 27",
    text: "The self-assessment return is due on the thirty-first of January. " +
      "I still need the receipts for the home office and the mileage log. " +
      "The accountant says I'll probably owe around two thousand.",
    paraphrase: "filing deadline for income tax, and how much will I pay the revenue?",
    literal: "self-assessment return, receipts and mileage log for the accountant",
  },
  {
    title: "Call with Hannah",
    text: "The people next door have started building an extension right up to our fence. " +
      "They never asked about the boundary and the council has no record of planning permission. " +
      "I'm going to write to them first before making a complaint.",
    paraphrase: "neighbours constructing without approval at the property line",
    literal: "extension up to our fence, no planning permission",
  },
  {
    title: "Voice note 30",
    text: "Jess and Tom have set the date for the second of August at a barn in Somerset. " +
      "They want us to do a reading at the ceremony. " +
      "The invitations go out next week and the RSVP deadline is May.",
    paraphrase: "friends getting married asked me to speak at the nuptials",
    literal: "barn in Somerset, a reading at the ceremony",
  },
  {
    title: "Call with Raj",
    text: "The second interview is a panel of four and a case study, forty-five minutes. " +
      "They asked me to prepare a presentation on how I'd grow the customer base in Asia. " +
      "The recruiter thinks the salary band is sixty to seventy.",
    paraphrase: "hiring process next round, what's the pay range?",
    literal: "second interview panel, case study and presentation",
  },
];

/** The fresh set: its planted topics, and one paraphrase and one literal query each. */
export const FRESH_SET: LabelledSet = blindSet(TOPICS);
