import { expectedAnswerType, type AnswerType } from './answer-type.js';
import { readableQuestion, stem, tokenize, words } from './text.js';

export interface KeyTerm {
  /** The stemmed question term; a multi-word name is one term ("grand hotel portavel"). */
  readonly term: string;
  /** The term and the words that may stand for it in page text ("people" → population, inhabitant…). */
  readonly alternates: ReadonlySet<string>;
  /** The words of a multi-word name, all of which must appear; just the term otherwise. */
  readonly parts: readonly string[];
  /** Written with a capital inside the question (not as its first word): a name the answer must be about. */
  readonly name?: boolean;
}

/** Whether a set of tokens mentions the term: every word of a name, or any alternate of a word. */
export function termIn(tokens: ReadonlySet<string>, term: KeyTerm): boolean {
  if (term.parts.length > 1) return term.parts.every((p) => tokens.has(p));
  for (const a of term.alternates) if (tokens.has(a)) return true;
  return false;
}

export interface QuestionAnalysis {
  readonly terms: readonly KeyTerm[];
  readonly expected: AnswerType;
  /** Every alternate of every key term, for retrieval. */
  readonly queryTerms: readonly string[];
  /** Stemmed tokens of the question itself, never an answer to it. */
  readonly questionTokens: ReadonlySet<string>;
  /** The noun naming the answer's kind ("which city", "what year"): an answer of that kind covers it. */
  readonly kindTerms: ReadonlySet<string>;
  /** "Why …?": the answer is a reason (the clause after "because", "to", "due to"…), not a name. */
  readonly asksWhy?: boolean;
}

/**
 * A small, general lexicon of the words questions and pages use for the same thing. It widens
 * matching for common factual questions; it is not a thesaurus and names no site.
 */
const RELATED: readonly (readonly string[])[] = [
  ['population', 'people', 'inhabitant', 'resident', 'live', 'populous', 'citizen'],
  ['price', 'cost', 'fee', 'charge', 'fare', 'cheap', 'expensive'],
  ['area', 'size', 'big', 'large'],
  ['founded', 'found', 'establish', 'established', 'founding', 'formed', 'created', 'emerged'],
  ['height', 'tall', 'high', 'elevation', 'altitude', 'highest'],
  ['language', 'speak', 'spoken'],
  ['currency', 'money', 'monetary'],
  ['author', 'wrote', 'written', 'writer'],
  ['located', 'location', 'situated', 'lie'],
].map((group) => group.map(stem));

/** Reads a question: its key terms (with related words) and the type of answer it expects. */
export function analyzeQuestion(raw: string): QuestionAnalysis {
  const question = readableQuestion(raw);
  const seen = new Set<string>();
  const terms: KeyTerm[] = [];
  const named = new Set(
    (question.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [])
      .slice(1)
      .filter((w) => /^\p{Lu}/u.test(w))
      .flatMap((w) => tokenize(w)),
  );
  for (const unit of termUnits(question)) {
    const term = unit.join(' ');
    if (seen.has(term)) continue;
    seen.add(term);
    const alternates = new Set([term]);
    if (unit.length === 1)
      for (const group of RELATED) if (group.includes(term)) for (const word of group) alternates.add(word);
    terms.push({ term, alternates, parts: unit, name: unit.some((p) => named.has(p)) });
  }
  return {
    terms,
    expected: expectedAnswerType(question),
    queryTerms: [...new Set(terms.flatMap((t) => [...t.alternates, ...t.parts]))],
    questionTokens: new Set(words(question).map(stem)),
    asksWhy: /^(?:\p{L}+\s+){0,3}?why\b/iu.test(question),
    kindTerms: new Set(
      [...question.toLowerCase().matchAll(/\b(?:which|what)\s+([\p{L}]+)/gu)].flatMap((m) =>
        tokenize(m[1] ?? ''),
      ),
    ),
  };
}

/**
 * The question's key terms in order, each as its stemmed words: runs of capitalised words are
 * one name ("Grand Hotel Portavel"), so a question about "the address of Mythstad Quiet Inn" is
 * two things — the address and the inn — not four.
 */
function termUnits(question: string): string[][] {
  const units: string[][] = [];
  let run: string[] = [];
  const flush = (): void => {
    if (run.length > 0) units.push(run);
    run = [];
  };
  for (const word of question.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []) {
    const [token] = tokenize(word);
    if (!token) {
      flush();
      continue;
    }
    if (/^\p{Lu}/u.test(word)) run.push(token);
    else {
      flush();
      units.push([token]);
    }
  }
  flush();
  return units.flatMap((unit) => (unit.length > 1 ? [unit] : unit.map((t) => [t])));
}
