/**
 * The prompts a person can pick: what each is called, the arguments it takes, and the words
 * it gives the model. A transcript prompt embeds the transcript when it fits the budget and
 * otherwise tells the model to page through it with get_turns; prepare_for tells the model
 * which tools to call.
 *
 * @module
 */

/** One argument of a prompt, as `prompts/list` shows it. */
export interface PromptArgument {
  /** Its name. */
  name: string;
  /** What to give. */
  description: string;
  /** Whether it must be given. */
  required: boolean;
}

/** A prompt as `prompts/list` shows it. */
export interface PromptDefinition {
  /** The name `prompts/get` takes. */
  name: string;
  /** A short human-readable name. */
  title: string;
  /** What it does. */
  description: string;
  /** Its arguments. */
  arguments: PromptArgument[];
}

const ID_ARGUMENT: PromptArgument = {
  name: "id",
  description: "The transcript's id, as list_transcripts or search_transcripts give it; " +
    "completion suggests ids whose titles hold what was typed.",
  required: true,
};

/** The prompts about one transcript, by the task each sets. */
export const TRANSCRIPT_PROMPTS = {
  summarize_transcript: {
    title: "Summarize a transcript",
    description: "Summarize one transcript: the decisions, the open questions, and who " +
      "said what, with the moment of each point.",
    task: "Summarize this transcript. Give, in this order:\n" +
      "1. Decisions: what was decided, and by whom.\n" +
      "2. Open questions: what was raised and not settled.\n" +
      "3. Who said what: each speaker's main points.\n" +
      "Cite the moment of each point as [h:mm:ss], from the line it comes from, where the " +
      "lines have times. Do not add anything the transcript does not say.",
  },
  action_items: {
    title: "Action items of a transcript",
    description: "List the commitments made in one transcript, each with its owner, its " +
      "due date and the moment it was made.",
    task: "List every action item in this transcript: each thing someone committed to do or " +
      "was asked to do. For each give what is to be done; the owner (who committed, or who " +
      'was asked); the due date if one was said, else "no date said"; and the moment it was ' +
      "said, as [h:mm:ss] from its line where the lines have times. Leave out ideas no one " +
      "took on. If there are none, say so.",
  },
} as const;

/** The name of a prompt about one transcript. */
export type TranscriptPromptName = keyof typeof TRANSCRIPT_PROMPTS;

/** Every prompt, in the order `prompts/list` shows them. */
export const PROMPTS: readonly PromptDefinition[] = [
  ...Object.entries(TRANSCRIPT_PROMPTS).map(([name, prompt]) => ({
    name,
    title: prompt.title,
    description: prompt.description,
    arguments: [ID_ARGUMENT],
  })),
  {
    name: "prepare_for",
    title: "Prepare for a topic",
    description: "Gather what was said about a topic across recent transcripts, and the " +
      "tasks about it, into a briefing.",
    arguments: [{
      name: "topic",
      description: "What to prepare for: a meeting, a project, a person, a question.",
      required: true,
    }],
  },
];

/**
 * The words of a transcript prompt that embeds its transcript (given just before them).
 *
 * @example
 * ```ts
 * import { embeddedTask } from "./prompt_catalog.ts";
 * embeddedTask("action_items", "Standup").startsWith('The transcript above is "Standup"'); // true
 * ```
 */
export function embeddedTask(name: TranscriptPromptName, title: string): string {
  return `The transcript above is ${JSON.stringify(title)}. ${TRANSCRIPT_PROMPTS[name].task}`;
}

/**
 * The words of a transcript prompt whose transcript is too long to embed: how to read it
 * with get_turns first.
 *
 * @example
 * ```ts
 * import { pagedTask } from "./prompt_catalog.ts";
 * pagedTask("summarize_transcript", "Standup", "7f0c", 4_000).includes("get_turns"); // true
 * ```
 */
export function pagedTask(
  name: TranscriptPromptName,
  title: string,
  id: string,
  turns: number,
): string {
  return `The transcript ${JSON.stringify(title)} (id ${JSON.stringify(id)}, ${turns} turns) is ` +
    "too long to include here. Read all of it first with the get_turns tool: call get_turns " +
    `with ${JSON.stringify({ id })}, then again with the nextCursor each answer gives, until ` +
    `nextCursor is null, keeping notes as you go. Then: ${TRANSCRIPT_PROMPTS[name].task}`;
}

/**
 * The words of prepare_for: which tools to call, and what to brief.
 *
 * @example
 * ```ts
 * import { prepareTask } from "./prompt_catalog.ts";
 * prepareTask("the pricing review").includes('search_transcripts with query "the pricing review"'); // true
 * ```
 */
export function prepareTask(topic: string): string {
  const quoted = JSON.stringify(topic);
  return `I am preparing for ${quoted}. Using this server's tools, find out what has been said ` +
    "about it and what is still open:\n" +
    `1. Call search_transcripts with query ${quoted} (and once more with other words for it ` +
    "if few results come back). For the best results, read around each match with " +
    "get_turns, passing the result's id and its moment's startMs as aroundMs.\n" +
    `2. Call list_tasks with query ${quoted} for tasks about it, open ones first.\n` +
    "3. Call list_transcripts for the most recent items, in case the topic came up there " +
    "in other words.\n" +
    "Then brief me: what was decided, what is still open, who is involved, and what I " +
    "should raise. Cite each point's transcript title, date and moment [h:mm:ss]. Say so " +
    "where nothing was found; do not fill gaps.";
}
