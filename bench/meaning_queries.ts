/**
 * The labelled set of search by meaning (bench/meaning_eval.ts): queries over the demo store
 * and over a small generated store with planted topics, each with the transcripts a person
 * would expect (by title). Half are paraphrases, which share no content word with those
 * transcripts (the evaluation checks it against the store's own index, stemming included);
 * half are literal, worded from the transcripts themselves.
 *
 * The planted topics are short conversations about everyday matters, written for this set;
 * the generated store around them (bench/gen_store.ts) is meeting talk, so a query must find
 * its topic among hundreds of transcripts that share none of its subject.
 *
 * @module
 */

/** A transcript planted into the generated store. */
export interface PlantedTopic {
  /** Its title: neutral, so the text must carry the topic. */
  title: string;
  /** What was said. */
  text: string;
}

/** One labelled query. */
export interface LabelledQuery {
  /** The store it runs on. */
  store: "demo" | "generated";
  /** A paraphrase shares no content word with the relevant transcripts; literal does. */
  kind: "paraphrase" | "literal";
  /** What a person would ask. */
  query: string;
  /** The titles of the transcripts they would expect. */
  relevant: string[];
}

/** A planted topic with its two queries, as the blind sets write them. */
export type BlindTopic = PlantedTopic & {
  /** A question about it that shares no content word with it. */
  paraphrase: string;
  /** A query worded from its text. */
  literal: string;
};

/** A labelled set: the topics planted into the generated store, and the queries. */
export interface LabelledSet {
  topics: readonly PlantedTopic[];
  queries: readonly LabelledQuery[];
}

/**
 * The labelled set of blind topics: each planted in the generated store, with one paraphrase
 * and one literal query that expect it.
 *
 * @example
 * ```ts
 * import { blindSet } from "./meaning_queries.ts";
 * const set = blindSet([{ title: "Call", text: "The boiler broke.", paraphrase: "heating fault?", literal: "boiler broke" }]);
 * set.queries.map((q) => q.kind); // ["paraphrase", "literal"]
 * ```
 */
export function blindSet(topics: readonly BlindTopic[]): LabelledSet {
  return {
    topics: topics.map(({ title, text }) => ({ title, text })),
    queries: topics.flatMap((topic) => [
      { store: "generated", kind: "paraphrase", query: topic.paraphrase, relevant: [topic.title] },
      { store: "generated", kind: "literal", query: topic.literal, relevant: [topic.title] },
    ]),
  };
}

/** The topics planted into the generated store. */
export const PLANTED_TOPICS: readonly PlantedTopic[] = [
  [
    "Call with Maya",
    "Sorry I'm late, a truck hit my car at the junction this morning. Nobody was hurt but the vehicle needs a tow and the insurance claim will take weeks. I'll take the bus until the collision repairs are done.",
  ],
  [
    "Voice note 114",
    "I went to see the physician yesterday about the fever and the cough. The clinic gave me antibiotics and told me to rest for three days, so I'm working from home.",
  ],
  [
    "Friday wrap",
    "We finally booked the vacation, two weeks at a beach resort in July. Flights and the hotel are paid, my brother is watching the cat.",
  ],
  [
    "HR sync",
    "HR sent the new compensation package: base wages go up four percent and the bonuses are paid in March, together with the back pay.",
  ],
  [
    "IT ticket walkthrough",
    "My computer keeps freezing when I open the spreadsheet. I think the hard drive is failing; IT will swap the desktop tomorrow morning.",
  ],
  [
    "Catch-up with Lena",
    "My sister's marriage ceremony is next Saturday. The bride wants everyone in blue, and the reception is at the old mill by the river.",
  ],
  [
    "Logistics stand-down",
    "Heavy rain and storms all week. The river flooded the road to the warehouse, so deliveries are delayed until Thursday.",
  ],
  [
    "Team outing",
    "For the outing we reserved a table at the Italian restaurant. Lunch is at noon and the company pays, vegetarians tell Sofia.",
  ],
  [
    "Board notes",
    "The board vote is on Friday. There are three candidates for the two seats and the ballots go out by email on Monday.",
  ],
  [
    "Weekend plans",
    "We got tickets for the orchestra on Sunday. They play Mahler's fifth and the performance starts at eight, dinner before.",
  ],
  [
    "Parents' chat",
    "The kids' football match got moved to Saturday. The striker broke his ankle and the coach cancelled practice on Wednesday.",
  ],
  [
    "Monday small talk",
    "I saw the new film at the cinema last night. The director's previous one was better but the actors were great.",
  ],
  [
    "Legal update",
    "Our attorney filed the lawsuit on Monday. The court hearing is set for next month and she expects a settlement offer.",
  ],
  [
    "Voice note 207",
    "My cellphone screen cracked when I dropped it on the stairs. The repair shop wants ninety euros, I'll be on email only.",
  ],
  [
    "Home admin",
    "The puppy needs its vaccinations; the vet appointment is Thursday at four, so I'll leave early.",
  ],
  [
    "Shop manager call",
    "Someone broke into the shop overnight. The burglary took the cash register and two tablets; the police came this morning.",
  ],
  [
    "Personal finance",
    "The bank approved the loan for the house. Repayments start in June and the interest rate is fixed for ten years.",
  ],
  [
    "School office",
    "The students sit their final examinations next week, and the teacher wants the grades entered by Friday evening.",
  ],
  [
    "Family update",
    "Grandpa has knee surgery on Tuesday. He'll be in the clinic for two nights and then rehab for a month.",
  ],
  [
    "Choir notes",
    "The choir rehearses in the chapel on Wednesdays. The priest asked us to sing at the Easter service.",
  ],
  [
    "Accounts payable",
    "We still owe the supplier for the March shipment. The outstanding invoices need repayment before the credit line closes.",
  ],
  [
    "Bakery order",
    "The bakery delivers the loaf and the pastries at seven. Flour went up again, so the croissants cost more.",
  ],
  [
    "Office health",
    "Half the office has the flu, fevers and coughing everywhere, so the workshop is postponed to next week.",
  ],
  [
    "Club notes",
    "We planted tomatoes and lettuce in the allotment; the soil needs compost before the beans go in.",
  ],
  [
    "Renovation call",
    "The builders poured the foundation on Monday; the roof and the walls of the new home go up in spring, and the architect wants the kitchen plan.",
  ],
].map(([title, text]) => ({ title: title!, text: text! }));

const planted = (kind: LabelledQuery["kind"], query: string, title: string): LabelledQuery => ({
  store: "generated",
  kind,
  query,
  relevant: [title],
});

const demo = (kind: LabelledQuery["kind"], query: string, titles: string[]): LabelledQuery => ({
  store: "demo",
  kind,
  query,
  relevant: titles,
});

const PRICING = "Pricing page review";
const EDUCATION = "Voice note: team and education pricing";
const ANA = "Customer interview: Ana Ribeiro, field ecologist";
const ONE_ON_ONE = "1:1 Priya / Sam";
const TRIAGE = "Bug triage: POL-358 checklist sync conflict";
const BANNER = "Voice note: conflict banner copy";
const RELEASE = "Fieldnote 2.0 release planning";
const BETA = "Chat: beta 2 feedback roundup";
const NORDLICHT = "Abstimmung mit Studio Nordlicht: Onboarding-Illustrationen";

/** The labelled queries. */
export const MEANING_QUERIES: readonly LabelledQuery[] = [
  planted("paraphrase", "automobile crash", "Call with Maya"),
  planted("paraphrase", "doctor appointment", "Voice note 114"),
  planted("paraphrase", "holiday by the sea", "Friday wrap"),
  planted("paraphrase", "salary raise", "HR sync"),
  planted("paraphrase", "laptop broken", "IT ticket walkthrough"),
  planted("paraphrase", "wedding plans", "Catch-up with Lena"),
  planted("paraphrase", "bad weather", "Logistics stand-down"),
  planted("paraphrase", "dinner with colleagues", "Team outing"),
  planted("paraphrase", "election of directors", "Board notes"),
  planted("paraphrase", "concert", "Weekend plans"),
  planted("paraphrase", "soccer game", "Parents' chat"),
  planted("paraphrase", "movie review", "Monday small talk"),
  planted("paraphrase", "lawyer", "Legal update"),
  planted("paraphrase", "phone damaged", "Voice note 207"),
  planted("paraphrase", "dog", "Home admin"),
  planted("paraphrase", "robbery", "Shop manager call"),
  planted("paraphrase", "mortgage", "Personal finance"),
  planted("paraphrase", "exam", "School office"),
  planted("paraphrase", "hospital stay", "Family update"),
  planted("paraphrase", "church music", "Choir notes"),
  planted("paraphrase", "debt", "Accounts payable"),
  planted("paraphrase", "bread", "Bakery order"),
  planted("paraphrase", "influenza", "Office health"),
  planted("paraphrase", "what did we say about gardening and vegetables", "Club notes"),
  demo("paraphrase", "college discount", [EDUCATION]),
  demo("paraphrase", "wildlife conservation", [ANA]),
  demo("paraphrase", "smartphone", [ONE_ON_ONE, BETA, TRIAGE]),
  demo("paraphrase", "quarrel", [BANNER, TRIAGE]),
  planted("paraphrase", "building a house", "Renovation call"),
  demo("paraphrase", "jet", [TRIAGE]),
  planted("literal", "truck hit my car insurance claim", "Call with Maya"),
  planted("literal", "physician fever antibiotics", "Voice note 114"),
  planted("literal", "beach resort vacation", "Friday wrap"),
  planted("literal", "compensation package bonuses", "HR sync"),
  planted("literal", "computer freezing hard drive", "IT ticket walkthrough"),
  planted("literal", "bride ceremony reception", "Catch-up with Lena"),
  planted("literal", "storms flooded the road to the warehouse", "Logistics stand-down"),
  planted("literal", "Italian restaurant lunch", "Team outing"),
  planted("literal", "board vote candidates ballots", "Board notes"),
  planted("literal", "orchestra tickets Mahler", "Weekend plans"),
  planted("literal", "football match striker coach", "Parents' chat"),
  planted("literal", "film at the cinema", "Monday small talk"),
  planted("literal", "attorney lawsuit court hearing", "Legal update"),
  planted("literal", "cellphone screen cracked", "Voice note 207"),
  planted("literal", "puppy vaccinations vet", "Home admin"),
  planted("literal", "burglary cash register police", "Shop manager call"),
  planted("literal", "bank loan repayments interest rate", "Personal finance"),
  planted("literal", "final examinations grades", "School office"),
  planted("literal", "knee surgery rehab", "Family update"),
  planted("literal", "choir chapel priest", "Choir notes"),
  planted("literal", "supplier invoices credit line", "Accounts payable"),
  planted("literal", "bakery pastries flour", "Bakery order"),
  planted("literal", "flu fevers workshop postponed", "Office health"),
  planted("literal", "tomatoes lettuce compost", "Club notes"),
  demo("literal", "annual pricing toggle", [PRICING]),
  demo("literal", "education pricing for students", [EDUCATION]),
  demo("literal", "what's the plan for POL-358?", [TRIAGE]),
  demo("literal", "conflict banner copy", [BANNER, TRIAGE]),
  demo("literal", "Illustrationen Onboarding", [NORDLICHT]),
  demo("literal", "migration freeze before the release", [RELEASE]),
  planted("literal", "builders poured the foundation", "Renovation call"),
];
