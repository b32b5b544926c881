/**
 * JSON transcripts written for these tests in the shapes five engines write (docs/sources.md
 * names the writers read), from a list of utterances (subtitle_fixtures.ts). The fields a
 * parser must skip (tokens, log-probabilities, model details, word lists) are there too.
 */
import type { Utterance } from "./subtitle_fixtures.ts";

const seconds = (ms: number) => ms / 1000;

/** openai-whisper `--output_format json`: seconds, a leading space, decoder fields. */
export function openaiWhisperJson(utterances: readonly Utterance[], language = "en"): string {
  return JSON.stringify({
    text: utterances.map((u) => ` ${u.text}`).join(""),
    segments: utterances.map((u, id) => ({
      id,
      seek: Math.floor(u.startMs / 30_000) * 3000,
      start: seconds(u.startMs),
      end: seconds(u.endMs),
      text: ` ${u.text}`,
      tokens: [50364, 1012, 11, 50464],
      temperature: 0,
      avg_logprob: -0.21,
      compression_ratio: 1.4,
      no_speech_prob: 0.01,
    })),
    language,
  });
}

/**
 * WhisperX after alignment and diarization: segment `speaker` (left out where `unknown`
 * says), per-word scores, `word_segments`.
 */
export function whisperxJson(
  utterances: readonly Utterance[],
  unknown: (index: number) => boolean = () => false,
): string {
  const words = (u: Utterance) =>
    u.text.split(" ").map((word, i) => ({
      word,
      start: seconds(u.startMs) + i * 0.1,
      end: seconds(u.startMs) + i * 0.1 + 0.08,
      score: 0.9,
    }));
  return JSON.stringify({
    segments: utterances.map((u, i) => ({
      start: seconds(u.startMs),
      end: seconds(u.endMs),
      text: ` ${u.text}`,
      words: words(u),
      ...(unknown(i) ? {} : { speaker: u.speaker }),
    })),
    word_segments: utterances.flatMap(words),
    language: "en",
  });
}

/** whisper.cpp `-oj` (with `--diarize` when `diarize`): offsets in ms, timestamps as text. */
export function whisperCppJson(utterances: readonly Utterance[], diarize: boolean): string {
  const clock = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace(".", ",");
  return JSON.stringify(
    {
      systeminfo: "AVX = 1 | NEON = 0",
      model: { type: "base", multilingual: true, vocab: 51865, ftype: 1 },
      params: { model: "models/ggml-base.bin", language: "auto", translate: false },
      result: { language: "en" },
      transcription: utterances.map((u) => ({
        timestamps: { from: clock(u.startMs), to: clock(u.endMs) },
        offsets: { from: u.startMs, to: u.endMs },
        text: ` ${u.text}`,
        ...(diarize ? { speaker: u.speaker } : {}),
      })),
    },
    null,
    2,
  );
}

/** AssemblyAI's transcript with speaker labels: `utterances` in ms, speaker letters. */
export function assemblyAiJson(utterances: readonly Utterance[], labels = true): string {
  const words = (u: Utterance) =>
    u.text.split(" ").map((text, i, all) => ({
      text,
      start: u.startMs + Math.floor(((u.endMs - u.startMs) * i) / all.length),
      end: u.startMs + Math.floor(((u.endMs - u.startMs) * (i + 1)) / all.length),
      confidence: 0.97,
      speaker: labels ? u.speaker : null,
    }));
  return JSON.stringify({
    id: "6rlr37h0ff-2f4e-4d4b-8e61-5b8b1b8f0c3a",
    status: "completed",
    language_code: "en_us",
    audio_duration: Math.ceil(utterances[utterances.length - 1]!.endMs / 1000),
    speech_model: "best",
    text: utterances.map((u) => u.text).join(" "),
    words: utterances.flatMap(words),
    utterances: labels
      ? utterances.map((u) => ({
        speaker: u.speaker,
        start: u.startMs,
        end: u.endMs,
        text: u.text,
        confidence: 0.95,
        words: words(u),
      }))
      : null,
  });
}

/** Deepgram's pre-recorded response: `results.utterances` in seconds, speaker numbers. */
export function deepgramJson(
  utterances: readonly Utterance[],
  speakerNumber: (speaker: string) => number,
  withUtterances = true,
): string {
  const words = (u: Utterance) =>
    u.text.split(" ").map((word, i, all) => ({
      word: word.toLowerCase().replace(/[^\p{L}]/gu, ""),
      punctuated_word: word,
      start: seconds(u.startMs + Math.floor(((u.endMs - u.startMs) * i) / all.length)),
      end: seconds(u.startMs + Math.floor(((u.endMs - u.startMs) * (i + 1)) / all.length)),
      confidence: 0.99,
      speaker: speakerNumber(u.speaker),
    }));
  return JSON.stringify({
    metadata: {
      request_id: "a1b2c3d4-0000-4000-8000-000000000000",
      duration: seconds(utterances[utterances.length - 1]!.endMs),
      channels: 1,
      models: ["1abfe86b-e047-4eed-858a-35e5625b41ee"],
    },
    results: {
      channels: [{
        detected_language: "en",
        alternatives: [{
          transcript: utterances.map((u) => u.text).join(" "),
          confidence: 0.99,
          words: utterances.flatMap(words),
        }],
      }],
      ...(withUtterances
        ? {
          utterances: utterances.map((u, id) => ({
            start: seconds(u.startMs),
            end: seconds(u.endMs),
            confidence: 0.98,
            channel: 0,
            transcript: u.text,
            words: words(u),
            speaker: speakerNumber(u.speaker),
            id: `utt-${id}`,
          })),
        }
        : {}),
    },
  });
}
