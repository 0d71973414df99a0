import type { AnswerType, ConfidenceComponents, ScoredAnswer, SourcedChunk } from '@forage/contracts';
import { choiceOptions } from '@forage/question';
import { bridgeCandidates, namesBridge } from './bridge.js';
import { candidatesFrom, type Derivation } from './candidates.js';
import { choiceCandidates } from './choice.js';
import { scoreCandidates, type ScoredCandidate } from './confidence.js';
import { analyzeQuestion } from './question.js';
import { retrieve, type Retrieved } from './retrieval.js';
import { bridgeLeads, type Lead } from './leads.js';
import { sourceOf } from './source.js';
import { titleCandidates } from './titles.js';
import { answerKey } from './text.js';
import { yesNoCandidate } from './yes-no.js';

export interface AnswerOutcome {
  readonly answers: ScoredAnswer[];
  readonly abstained: boolean;
  readonly reason: string | null;
  readonly expectedType?: AnswerType;
  /** The best candidate's confidence and components, also when it was withheld. */
  readonly best?: { readonly confidence: number; readonly components: ConfidenceComponents };
  /** Where a second hop may find the answer: names the subject's page mentions, with a query each. */
  readonly leads?: readonly Lead[];
}

export interface AnswerInput {
  readonly question: string;
  readonly chunks: readonly SourcedChunk[];
  readonly maxAnswers: number;
  readonly minConfidence: number;
}

/** Chunks whose candidates are considered (the BM25 top of the page set). */
const TOP_CHUNKS = 12;
/** An answer this confident needs no second hop: no leads are offered beside it. */
const LEADS_ABOVE = 0.6;
/** Alternatives much weaker than the best answer are dropped rather than offered as answers. */
const RELATIVE_FLOOR = 0.8;

/**
 * The deterministic path: BM25 retrieval, candidate spans of the expected answer type (labelled
 * rows, then best sentences), confidence per candidate, then distinct answers at or above
 * `minConfidence` — or an abstention that says why (with the best confidence still reported).
 */
export function answerHeuristically(input: AnswerInput): AnswerOutcome {
  const outcome = answerFrom(input);
  const question = analyzeQuestion(input.question);
  if (outcome.answers.length > 0 && (outcome.answers[0]?.confidence ?? 0) >= LEADS_ABOVE) return outcome;
  // a yes/no question or one naming its options is answered from the named things' own pages
  if (question.expected === 'yes_no' || choiceOptions(input.question)) return outcome;
  const leads = bridgeLeads({ questionText: input.question, question, chunks: input.chunks });
  return leads.length > 0 ? { ...outcome, leads } : outcome;
}

function answerFrom(input: AnswerInput): AnswerOutcome {
  const question = analyzeQuestion(input.question);
  const expectedType = question.expected;
  if (question.terms.length === 0) return abstain('the question has no key terms to look for');
  const { top, weights } = retrieve({ question, chunks: input.chunks, limit: TOP_CHUNKS });
  if (top.length === 0) return { ...abstain('no chunk mentions any key term of the question'), expectedType };
  // a question naming its possible answers is answered with one of them
  const options = choiceOptions(input.question);
  const chosen = options
    ? choiceCandidates({ options, questionText: input.question, retrieved: top, chunks: input.chunks })
    : [];
  if (options && chosen.length === 0)
    return { ...abstain('the pages do not tell which of the options answers the question'), expectedType };
  const spans = options
    ? chosen
    : top.flatMap(({ chunk, normalized }) =>
        candidatesFrom({ chunk, retrieval: normalized, question, weights }),
      );
  // a yes/no question no page answers with a labelled "Yes"/"No" is read from the named things' pages
  const derivedYesNo =
    !options && expectedType === 'yes_no' && spans.length === 0
      ? yesNoCandidate({ question: input.question, chunks: input.chunks, retrieval: retrievalOf(top) })
      : undefined;
  // a two-hop question: the page about what the question names links to the page with the answer
  const bridged =
    !options && !derivedYesNo && expectedType !== 'yes_no'
      ? bridgeCandidates({
          questionText: input.question,
          question,
          chunks: input.chunks,
          weights,
          retrieval: retrievalOf(top),
        })
      : { candidates: [], bridges: [] };
  const direct =
    bridged.candidates.length > 0 ? spans.filter((c) => !namesBridge(c.answer, bridged.bridges)) : spans;
  // "what <kind> …" / "who …" described by a page: that page's subject
  const titled =
    !options && !derivedYesNo
      ? titleCandidates({ questionText: input.question, question, top, chunks: input.chunks, weights })
      : [];
  const candidates = derivedYesNo ? [derivedYesNo] : [...direct, ...bridged.candidates, ...titled];
  if (candidates.length === 0)
    return {
      ...abstain(`no chunk holds a ${expectedType} next to the question's key terms`),
      expectedType,
    };
  const ranked = distinctByAnswer(scoreCandidates(candidates));
  const best = ranked[0];
  if (!best || best.confidence < input.minConfidence) {
    return {
      ...abstain(
        `best answer confidence ${best?.confidence ?? 0} is below minConfidence ${input.minConfidence}`,
      ),
      expectedType,
      ...(best ? { best: { confidence: best.confidence, components: best.components } } : {}),
    };
  }
  const floor = Math.max(input.minConfidence, best.confidence * RELATIVE_FLOOR);
  const answers = ranked
    .filter((c) => c.confidence >= floor)
    .slice(0, input.maxAnswers)
    .map((c) => toScoredAnswer({ ...c, answerType: expectedType }));
  return {
    answers,
    abstained: false,
    reason: null,
    expectedType,
    best: { confidence: best.confidence, components: best.components },
  };
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
  answerType?: AnswerType;
  components?: ConfidenceComponents;
  derivation?: Derivation;
}): ScoredAnswer {
  return {
    text: c.answer.slice(0, 2_000),
    confidence: c.confidence,
    source: sourceOf({ chunk: c.chunk, snippet: c.snippet, answer: c.answer }),
    ...(c.answerType ? { answerType: c.answerType } : {}),
    ...(c.components ? { components: c.components } : {}),
    ...(c.derivation
      ? {
          derivation: {
            kind: c.derivation.kind,
            rule: c.derivation.rule.slice(0, 300),
            sources: c.derivation.evidence.slice(0, 8).map((e) => {
              const source = sourceOf({ chunk: e.chunk, snippet: e.snippet, answer: '' });
              return { ...source, nodeId: source.nodeId ?? e.chunk.chunkId };
            }),
          },
        }
      : {}),
  };
}

/** The normalised retrieval score of a chunk among the retrieved ones (0 for one not retrieved). */
function retrievalOf(top: readonly Retrieved[]): (chunk: SourcedChunk) => number {
  const scores = new Map(top.map((r) => [r.chunk, r.normalized]));
  return (chunk) => scores.get(chunk) ?? 0;
}
