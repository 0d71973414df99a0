import type { SourcedChunk } from '@forage/contracts';
import { termCoverage, type TermWeights } from './coverage.js';
import { termIn, type QuestionAnalysis } from './question.js';
import { splitSentences } from '@forage/html';
import { looksLikeSteering } from './steering.js';
import { isStreetAddress, typedSpans, type Span } from './spans.js';
import { isStopWord, stem, tokenize, words } from './text.js';
import { answerFits } from './answer-type.js';

/** One possible answer: a span of a snippet, the snippet a verbatim slice of its chunk. */
export interface Candidate {
  readonly chunk: SourcedChunk;
  /** Retrieval score of the chunk for the question, normalised to [0, 1]. */
  readonly retrieval: number;
  readonly answer: string;
  readonly snippet: string;
  readonly coverage: number;
  /** 1 when the answer has the expected type, 0.5 when it only plausibly has it. */
  readonly typeMatch: number;
  /** 1 when the answer sits next to the question's terms (or is a matching label's value), less further away. */
  readonly proximity: number;
  /** Set when the answer is derived (yes/no, a compared option), not a span: the sentences it rests on. */
  readonly derivation?: Derivation;
}

/** How a derived answer was reached, and the verbatim sentences (with their chunks) it rests on. */
export interface Derivation {
  readonly kind: 'yes_no' | 'choice';
  readonly rule: string;
  readonly evidence: readonly { readonly chunk: SourcedChunk; readonly snippet: string }[];
}

/** Snippets of labelled rows longer than this cite just the matching `label: value` segment. */
const MAX_ROW_SNIPPET = 300;
/** A label is a short phrase before a colon; a parenthesis it opens is closed in it ("Area (km²)", not "Winner (Hangul"). */
const LABELLED = /^((?:[^:;()]|\([^():;]*\)){1,80}):\s+(.+)$/su;
const MAX_VALUE_ANSWER = 120;
/** A labelled yes/no, list or definition value longer than this is a paragraph, not an answer. */
const MAX_LABELLED_ANSWER = 300;
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
  const heading = new Set(tokenize(chunk.headingPath.join(' ')));
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
      snippet: tokensAround({ snippet, picked, question }),
      context,
      heading,
      contextCredit: foreign ? 0 : 0.5,
    });
    candidates.push({ ...base, ...picked, snippet, coverage });
  }
  // a table row is read through its labels; its cells are not sentences
  const isRow = segments.length > 0 && segments.length === chunk.text.split('; ').length;
  const best = isRow
    ? undefined
    : bestSentence({ text: chunk.text, question, weights: input.weights, context, heading, known });
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
  heading: ReadonlySet<string>;
  known: ReadonlySet<string>;
}): Omit<Candidate, 'chunk' | 'retrieval'> | undefined {
  const { text, question, weights, context, heading, known } = input;
  let best: Omit<Candidate, 'chunk' | 'retrieval'> | undefined;
  for (const sentence of splitSentences(text)) {
    const tokens = new Set(tokenize(sentence.text));
    const address =
      question.expected === 'place' &&
      typedSpans(sentence.text, 'place', question.questionTokens).some((s) => isStreetAddress(s.text));
    // an address answers "where" and "what is the address" on its own: the entity is in the headings
    if (!address && !question.terms.some((t) => termIn(tokens, t))) continue;
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
      snippet: tokensAround({ snippet: sentence.text, picked, question }),
      context,
      heading,
      contextCredit: foreign ? 0 : 0.5,
    });
    const better =
      !best ||
      coverage > best.coverage ||
      (coverage === best.coverage && picked.typeMatch > best.typeMatch) ||
      (coverage === best.coverage &&
        picked.typeMatch === best.typeMatch &&
        sentence.text.length < best.snippet.length);
    if (better) best = { ...picked, snippet: sentence.text, coverage };
  }
  return best;
}

interface Picked {
  readonly answer: string;
  readonly typeMatch: number;
  readonly proximity: number;
}

/**
 * The answer inside a text, only ever a span that fits the expected type (`answerFits`):
 * - number and date: the typed span closest to the key terms (bare years last for numbers);
 * - person, place, name: the closest proper name; a short labelled value as a whole; else, for a
 *   name, the phrase right after the key terms (a weaker reading);
 * - yes/no: a labelled "Yes"/"No" (prose is not read as yes or no);
 * - definition: what follows "X is …" in a sentence about X, or a labelled value;
 * - list: a labelled value with two items or more.
 */
function pickAnswer(input: {
  text: string;
  question: QuestionAnalysis;
  /** Positions of key terms in the text; spans nearer to them win. */
  anchors: readonly number[];
  /** The text is the value of a labelled row whose label matched. */
  labelled: boolean;
}): Picked | undefined {
  const { text, question, anchors } = input;
  const type = question.expected;
  const fits = (answer: string): boolean => answerFits(type, answer);
  const near = (start: number, length: number): number => proximityOf({ text, anchors, start, length });
  // the value of a row whose label the question names answers "what is the <label>?" whatever its length
  const labelledFits = type === 'definition' ? /[\p{L}\p{N}]/u.test(text) : fits(text);
  if (input.labelled && ['yes_no', 'list', 'definition'].includes(type))
    return labelledFits && text.length <= MAX_LABELLED_ANSWER
      ? { answer: text, typeMatch: 1, proximity: 1 }
      : undefined;
  if (question.asksWhy === true && !input.labelled) return reasonIn(text, near);
  if (type === 'definition') return definitionIn(text, question);
  if (type === 'yes_no' || type === 'list') return undefined;
  let spans = typedSpans(text, type, question.questionTokens);
  // a labelled date ("Founded: 801") may be a bare number of any length
  if (spans.length === 0 && input.labelled && type === 'date') {
    spans = typedSpans(text, 'number', question.questionTokens);
  }
  const distance = (s: Span): number =>
    anchors.length === 0 ? s.start : Math.min(...anchors.map((a) => Math.abs(a - s.start)));
  const wantsRate = RATE_WORDS.some((w) => question.questionTokens.has(w));
  const weak = (s: Span): number => Number(type === 'number' && (s.yearLike || (s.rate && !wantsRate)));
  const ranked = spans
    .filter((s) => fits(s.text) && !namesSubject(s.text, question))
    .sort((a, b) => weak(a) - weak(b) || distance(a) - distance(b));
  const top = ranked[0];
  if (type === 'number' || type === 'date') {
    if (!top) return undefined;
    return {
      answer: top.text,
      typeMatch: weak(top) ? 0.5 : 1,
      proximity: input.labelled ? 1 : near(top.start, top.text.length),
    };
  }
  // a short labelled value is the answer as a whole ("Velorian crown (VLC)", "Parliamentary republic")
  if (input.labelled && text.length <= MAX_VALUE_ANSWER)
    return fits(text) ? { answer: text, typeMatch: 1, proximity: 1 } : undefined;
  // "what"/"which" may ask for a name, but as often for a thing: a proper name only plausibly answers
  const named = top
    ? {
        answer: top.text,
        typeMatch: type === 'name' && !input.labelled ? NAME_FOR_WHAT : 1,
        proximity: input.labelled ? 1 : near(top.start, top.text.length),
      }
    : undefined;
  if (type !== 'name' || input.labelled) return named;
  // "what"/"which" asks for a thing as often as for a proper name: the phrase right after the
  // question's terms wins over a proper name further away
  const phrase = phraseAfterTerms(text, question, anchors);
  const said =
    phrase && fits(phrase.text)
      ? { answer: phrase.text, typeMatch: 0.5, proximity: near(phrase.start, phrase.text.length) }
      : undefined;
  if (!named) return said;
  return said && said.proximity > named.proximity ? said : named;
}

/**
 * A span holding every word of a name the question gives ("Ralph Franklin Hefferline" for a
 * question about Oren Valdt) is the question's subject, not its answer.
 */
function namesSubject(span: string, question: QuestionAnalysis): boolean {
  const tokens = new Set(tokenize(span));
  return question.terms.some(
    (t) => t.name === true && t.parts.length > 1 && t.parts.every((p) => tokens.has(p)),
  );
}

/** Words between a span and the nearest key term, as a score: 1 when adjacent, ½ at four words. */
function proximityOf(input: {
  text: string;
  anchors: readonly number[];
  start: number;
  length: number;
}): number {
  if (input.anchors.length === 0) return 0.5;
  const end = input.start + input.length;
  let best = Infinity;
  for (const a of input.anchors) {
    const [from, to] = a < input.start ? [a, input.start] : [end, a];
    const between = from >= to ? 0 : (input.text.slice(from, to).match(/[\p{L}\p{N}]+/gu)?.length ?? 0);
    best = Math.min(best, Math.max(0, between - (a < input.start ? 1 : 0)));
  }
  return 1 / (1 + best / 4);
}

const NAME_FOR_WHAT = 0.75;
/** What introduces a reason in prose. */
const REASON =
  /\b(?:because(?:\s+of)?|due\s+to|owing\s+to|in\s+order\s+to|so\s+that|as\s+a\s+result\s+of|in\s+protest\s+against)\s+/giu;
const MAX_REASON_WORDS = 14;

/** "Why …?": the clause after a reason connective ("because southern China fought to the last"). */
function reasonIn(text: string, near: (start: number, length: number) => number): Picked | undefined {
  let best: Picked | undefined;
  for (const m of text.matchAll(REASON)) {
    const start = m.index + m[0].length;
    const clause = /^[^.;:!?,()]*/u.exec(text.slice(start))?.[0]?.trim() ?? '';
    const words = clause.split(/\s+/).filter(Boolean);
    if (words.length === 0) continue;
    const answer = words.slice(0, MAX_REASON_WORDS).join(' ');
    const proximity = near(start, answer.length);
    if (!best || proximity > best.proximity) best = { answer, typeMatch: 1, proximity };
  }
  return best;
}

const COPULA = /\b(?:is|are|was|were|refers to|means|denotes)\s+/iu;

/** "X is a …": the description after the copula, when the sentence's subject is the asked term. */
function definitionIn(text: string, question: QuestionAnalysis): Picked | undefined {
  const copula = COPULA.exec(text);
  if (!copula) return undefined;
  const subject = new Set(tokenize(text.slice(0, copula.index)));
  if (!question.terms.some((t) => termIn(subject, t))) return undefined;
  const answer = text
    .slice(copula.index + copula[0].length)
    .replace(/[.;:!?]+$/u, '')
    .trim();
  return answer && answerFits('definition', answer) ? { answer, typeMatch: 1, proximity: 1 } : undefined;
}

const MAX_PHRASE_WORDS = 5;

/**
 * The phrase right after the last key term ("the Valdri were descended from river traders" →
 * "river traders" for "who were the Valdri descended from"): up to five words, stopping at
 * punctuation, without the question's own words or leading stop words.
 */
function phraseAfterTerms(
  text: string,
  question: QuestionAnalysis,
  anchors: readonly number[],
): { text: string; start: number } | undefined {
  if (anchors.length === 0) return undefined;
  const last = Math.max(...anchors);
  const rest = text.slice(last);
  const firstWord = /^[\p{L}\p{N}]+/u.exec(rest);
  let offset = last + (firstWord?.[0].length ?? 0);
  const clause = /^[^.;:!?()]*/u.exec(text.slice(offset))?.[0] ?? '';
  const words: { word: string; index: number }[] = [];
  for (const m of clause.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’,.-]*/gu))
    words.push({ word: m[0], index: m.index });
  const kept: { word: string; index: number }[] = [];
  for (const w of words) {
    const bare = w.word.replace(/[,.]+$/u, '');
    const token = tokenize(bare)[0];
    const own = token !== undefined && question.questionTokens.has(token);
    if (kept.length === 0 && (isStopWord(bare) || own)) continue;
    if (own) break;
    kept.push({ word: bare, index: w.index });
    if (kept.length >= MAX_PHRASE_WORDS || /,$/.test(w.word)) break;
  }
  while (kept.length > 0 && isStopWord(kept[kept.length - 1]?.word ?? '')) kept.pop();
  const first = kept[0];
  const lastKept = kept[kept.length - 1];
  if (!first || !lastKept) return undefined;
  offset += first.index;
  const end = last + (firstWord?.[0].length ?? 0) + lastKept.index + lastKept.word.length;
  return { text: text.slice(offset, end), start: offset };
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

/**
 * The snippet's tokens without the answer's own words: the answer is what the question does not
 * say, so the question's terms must be found around it ("National Bank of Veloria" does not cover
 * "national … of Veloria" in a question about the national anthem).
 */
function tokensAround(input: { snippet: string; picked: Picked; question: QuestionAnalysis }): Set<string> {
  const { snippet, picked, question } = input;
  const answer = picked.answer;
  const at = snippet.indexOf(answer);
  const rest = at < 0 ? snippet : `${snippet.slice(0, at)} ${snippet.slice(at + answer.length)}`;
  const tokens = new Set(tokenize(rest));
  // the answer's own kind is what the question names with these words
  for (const [kind, words] of KIND_WORDS) if (kind(answer)) for (const w of words) tokens.add(w);
  if (picked.typeMatch === 1) for (const w of question.kindTerms) tokens.add(w);
  return tokens;
}

/** Words a question uses for the kind of its answer ("the address of", "in what year"), covered by an answer of that kind. */
const KIND_WORDS: readonly [(answer: string) => boolean, readonly string[]][] = [
  [isStreetAddress, ['address', 'location', 'located', 'situated']],
  [(a) => /\b(?:1\d{3}|20\d{2})s?\b/.test(a), ['year', 'date']],
];
