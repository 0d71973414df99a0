import type { SourcedChunk } from '@forage/contracts';
import { termCoverage, type TermWeights } from './coverage.js';
import { termIn, type QuestionAnalysis } from './question.js';
import { splitSentences } from '@forage/html';
import { looksLikeSteering } from './steering.js';
import { typedSpans, type Span } from './spans.js';
import { stem, tokenize, words } from './text.js';

/** One possible answer: a span of a snippet, the snippet a verbatim slice of its chunk. */
export interface Candidate {
  readonly chunk: SourcedChunk;
  /** BM25 score of the chunk for the question. */
  readonly retrieval: number;
  readonly answer: string;
  readonly snippet: string;
  readonly coverage: number;
  /** 1 when the answer has the expected type, 0.5 when it only plausibly has it. */
  readonly typeMatch: number;
}

/** Snippets of labelled rows longer than this cite just the matching `label: value` segment. */
const MAX_ROW_SNIPPET = 300;
const LABELLED = /^([^:;]{1,80}):\s+(.+)$/su;
const MAX_VALUE_ANSWER = 120;
/** Question words that ask for a ratio, so "27 people per km²" is not a weaker reading. */
const RATE_WORDS = ['per', 'density', 'rate', 'average', 'each', 'ratio'];

/**
 * The candidates one retrieved chunk offers: the value of each `label: value` segment whose label
 * names a key term (infobox rows), and the sentence that best covers the key terms and holds a
 * span of the expected type. None when the chunk's text tries to steer a model.
 */
export function candidatesFrom(input: {
  chunk: SourcedChunk;
  retrieval: number;
  question: QuestionAnalysis;
  weights: TermWeights;
}): Candidate[] {
  const { chunk, question } = input;
  if (looksLikeSteering(chunk.text)) return [];
  const context = new Set(tokenize([chunk.text, chunk.title, ...chunk.headingPath].join(' ')));
  const base = { chunk, retrieval: input.retrieval };
  // names the reader already knows from the question, the headings or the page title
  const known = new Set([
    ...question.questionTokens,
    ...words([chunk.title, ...chunk.headingPath].join(' ')).map(stem),
  ]);
  const candidates: Candidate[] = [];
  const segments = labelledSegments(chunk.text);
  for (const segment of segments) {
    const label = new Set(tokenize(segment.label));
    if (!question.terms.some((t) => termIn(label, t))) continue;
    const picked = pickAnswer({ text: segment.value, question, anchors: [], labelled: true });
    if (!picked) continue;
    const snippet = chunk.text.length <= MAX_ROW_SNIPPET ? chunk.text : segment.text;
    // a row's first cell names what the row is about ("City: Portavel; Population: 412,000")
    const subject = segments.length > 1 && segments[0] !== segment ? segments[0] : undefined;
    const foreign = subject ? namesOtherThan({ text: subject.value, known, sentence: false }) : false;
    const coverage = termCoverage({
      terms: question.terms,
      weights: input.weights,
      snippet: new Set(tokenize(snippet)),
      context,
      contextCredit: foreign ? 0 : 0.5,
    });
    candidates.push({ ...base, answer: picked.answer, snippet, coverage, typeMatch: picked.typeMatch });
  }
  // a table row is read through its labels; its cells are not sentences
  const isRow = segments.length > 0 && segments.length === chunk.text.split('; ').length;
  const best = isRow
    ? undefined
    : bestSentence({ text: chunk.text, question, weights: input.weights, context, known });
  if (best) candidates.push({ ...base, ...best });
  return candidates;
}

/**
 * True when the text names something neither the question nor the page's headings do: then the
 * snippet is about that, and the question's entity appearing only in a heading says nothing
 * about it. In sentences the capitalised first word is not taken for a name.
 */
function namesOtherThan(input: { text: string; known: ReadonlySet<string>; sentence: boolean }): boolean {
  return typedSpans(input.text, 'name', input.known).some((span) => !input.sentence || span.start > 0);
}

interface Segment {
  readonly text: string;
  readonly label: string;
  readonly value: string;
}

/** `label: value` segments of a chunk ("Population: 1,234,567" or "City: Portavel; Population: 412,000"). */
function labelledSegments(text: string): Segment[] {
  const segments: Segment[] = [];
  for (const part of text.split('; ')) {
    const match = LABELLED.exec(part);
    if (match?.[1] && match[2]) segments.push({ text: part, label: match[1], value: match[2].trim() });
  }
  return segments;
}

function bestSentence(input: {
  text: string;
  question: QuestionAnalysis;
  weights: TermWeights;
  context: ReadonlySet<string>;
  known: ReadonlySet<string>;
}): Omit<Candidate, 'chunk' | 'retrieval'> | undefined {
  const { text, question, weights, context, known } = input;
  let best: Omit<Candidate, 'chunk' | 'retrieval'> | undefined;
  for (const sentence of splitSentences(text)) {
    const tokens = new Set(tokenize(sentence.text));
    if (!question.terms.some((t) => termIn(tokens, t))) continue;
    const picked = pickAnswer({
      text: sentence.text,
      question,
      anchors: termPositions(sentence.text, question),
      labelled: false,
    });
    if (!picked) continue;
    const foreign = namesOtherThan({
      text: sentence.text.replace(picked.answer, ' '),
      known,
      sentence: true,
    });
    const coverage = termCoverage({
      terms: question.terms,
      weights,
      snippet: tokens,
      context,
      contextCredit: foreign ? 0 : 0.5,
    });
    const better =
      !best ||
      coverage > best.coverage ||
      (coverage === best.coverage && picked.typeMatch > best.typeMatch) ||
      (coverage === best.coverage &&
        picked.typeMatch === best.typeMatch &&
        sentence.text.length < best.snippet.length);
    if (better)
      best = { answer: picked.answer, snippet: sentence.text, coverage, typeMatch: picked.typeMatch };
  }
  return best;
}

/**
 * The answer inside a text: for quantities and dates the typed span closest to the key terms
 * (bare years last when a quantity is wanted) or nothing; for names the closest proper name, else
 * the whole text (a labelled value is its own answer; a sentence only plausibly is).
 */
function pickAnswer(input: {
  text: string;
  question: QuestionAnalysis;
  /** Positions of key terms in the text; spans nearer to them win. */
  anchors: readonly number[];
  /** The text is the value of a labelled row whose label matched. */
  labelled: boolean;
}): { answer: string; typeMatch: number } | undefined {
  const { text, question, anchors } = input;
  let spans = typedSpans(text, question.expected, question.questionTokens);
  // a labelled date ("Founded: 801") may be a bare number of any length
  if (spans.length === 0 && input.labelled && question.expected === 'date') {
    spans = typedSpans(text, 'quantity', question.questionTokens);
  }
  const distance = (s: Span): number =>
    anchors.length === 0 ? s.start : Math.min(...anchors.map((a) => Math.abs(a - s.start)));
  const wantsRate = RATE_WORDS.some((w) => question.questionTokens.has(w));
  const weak = (s: Span): number =>
    Number(question.expected === 'quantity' && (s.yearLike || (s.rate && !wantsRate)));
  const ranked = [...spans].sort((a, b) => weak(a) - weak(b) || distance(a) - distance(b));
  const top = ranked[0];
  if (question.expected === 'quantity' || question.expected === 'date') {
    if (!top) return undefined;
    return { answer: top.text, typeMatch: weak(top) ? 0.5 : 1 };
  }
  // a short labelled value is the answer as a whole ("Velorian crown (VLC)", "Parliamentary republic")
  if (input.labelled && text.length <= MAX_VALUE_ANSWER) return { answer: text, typeMatch: 1 };
  if (top) return { answer: top.text, typeMatch: 1 };
  return { answer: text, typeMatch: input.labelled ? 1 : question.expected === 'name' ? 0.5 : 0 };
}

/** Character positions in a text where a key term (or a related word) occurs. */
function termPositions(text: string, question: QuestionAnalysis): number[] {
  const positions: number[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const token = tokenize(m[0])[0];
    if (token && question.terms.some((t) => t.alternates.has(token) || t.parts.includes(token)))
      positions.push(m.index);
  }
  return positions;
}
