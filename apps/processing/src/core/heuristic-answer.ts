import type { ScoredAnswer, SourcedChunk } from '@forage/contracts';
import { candidatesFrom } from './candidates.js';
import { scoreCandidates, type ScoredCandidate } from './confidence.js';
import { analyzeQuestion } from './question.js';
import { retrieve } from './retrieval.js';
import { answerKey } from './text.js';

export interface AnswerOutcome {
  readonly answers: ScoredAnswer[];
  readonly abstained: boolean;
  readonly reason: string | null;
}

export interface AnswerInput {
  readonly question: string;
  readonly chunks: readonly SourcedChunk[];
  readonly maxAnswers: number;
  readonly minConfidence: number;
}

/** Chunks whose candidates are considered (the BM25 top of the page set). */
const TOP_CHUNKS = 12;
/** Alternatives much weaker than the best answer are dropped rather than offered as answers. */
const RELATIVE_FLOOR = 0.8;
const MAX_SNIPPET = 2_000;

/**
 * The deterministic path: BM25 retrieval, candidate extraction (labelled rows, then best
 * sentences), confidence per candidate, then distinct answers at or above `minConfidence` — or
 * an abstention that says why.
 */
export function answerHeuristically(input: AnswerInput): AnswerOutcome {
  const question = analyzeQuestion(input.question);
  if (question.terms.length === 0) return abstain('the question has no key terms to look for');
  const { top, weights } = retrieve({ question, chunks: input.chunks, limit: TOP_CHUNKS });
  if (top.length === 0) return abstain('no chunk mentions any key term of the question');
  const candidates = top.flatMap(({ chunk, score }) =>
    candidatesFrom({ chunk, retrieval: score, question, weights }),
  );
  if (candidates.length === 0)
    return abstain(`no chunk holds a ${question.expected} next to the question's key terms`);
  const ranked = distinctByAnswer(scoreCandidates(candidates));
  const best = ranked[0];
  if (!best || best.confidence < input.minConfidence) {
    return abstain(
      `best answer confidence ${best?.confidence ?? 0} is below minConfidence ${input.minConfidence}`,
    );
  }
  const floor = Math.max(input.minConfidence, best.confidence * RELATIVE_FLOOR);
  const answers = ranked
    .filter((c) => c.confidence >= floor)
    .slice(0, input.maxAnswers)
    .map(toScoredAnswer);
  return { answers, abstained: false, reason: null };
}

export function abstain(reason: string): AnswerOutcome {
  return { answers: [], abstained: true, reason: reason.slice(0, 500) };
}

/**
 * Best first; one candidate per distinct answer (the most confident one). A name contained in a
 * more confident one ("Velorian" in "Velorian crown (VLC)") is the same answer.
 */
function distinctByAnswer(candidates: readonly ScoredCandidate[]): ScoredCandidate[] {
  const sorted = [...candidates].sort((a, b) => b.confidence - a.confidence || b.retrieval - a.retrieval);
  const kept: string[] = [];
  return sorted.filter((c) => {
    const key = answerKey(c.answer);
    const numeric = /^[\d.]+$/.test(key);
    const same = kept.some(
      (k) => k === key || (!numeric && key.length >= 3 && (k.includes(key) || key.includes(k))),
    );
    if (same) return false;
    kept.push(key);
    return true;
  });
}

export function toScoredAnswer(c: {
  answer: string;
  snippet: string;
  confidence: number;
  chunk: SourcedChunk;
}): ScoredAnswer {
  const { chunkId, url, title, xpath, domSnapshot, logRecordId } = c.chunk;
  return {
    text: c.answer.slice(0, 2_000),
    confidence: c.confidence,
    source: {
      chunkId,
      url,
      title,
      xpath,
      domSnapshot,
      logRecordId,
      snippet: clipSnippet(c.snippet, c.answer),
    },
  };
}

/** A snippet within the contract's limit that still holds the answer (a verbatim slice either way). */
function clipSnippet(snippet: string, answer: string): string {
  if (snippet.length <= MAX_SNIPPET) return snippet;
  const at = Math.max(0, snippet.indexOf(answer));
  const start = Math.max(0, Math.min(at - MAX_SNIPPET / 2, snippet.length - MAX_SNIPPET));
  return snippet.slice(start, start + MAX_SNIPPET).trim();
}
