import type { SourcedChunk } from '@forage/contracts';
import { splitSentences } from '@forage/html';
import type { Candidate } from './candidates.js';
import type { TermWeights } from './coverage.js';
import { termIn, type KeyTerm, type QuestionAnalysis } from './question.js';
import type { Retrieved } from './retrieval.js';
import { readableQuestion, tokenize } from './text.js';

/**
 * The options of a question that names its possible answers — "Which is cheaper, the Old Compass
 * or Harbour View?", "Who is older, A or B?", "Which band, A or B, had more members?" — or none.
 * The options follow a comma or colon and are joined by "or".
 */
export function choiceOptions(question: string): [string, string] | undefined {
  const q = readableQuestion(question).normalize('NFKC');
  const match = /[,:]\s*(?:the\s+)?([^,:;?]+?)\s+or\s+(?:the\s+)?([^,:;?]+?)\s*(?:[,?]|$)/iu.exec(q);
  const a = match?.[1]?.trim();
  const b = match?.[2]?.trim();
  if (!a || !b || a.split(/\s+/).length > 8 || b.split(/\s+/).length > 8) return undefined;
  return [a, b];
}

/**
 * One candidate per option the pages name verbatim: the option is the answer, its snippet the
 * sentence naming it in the chunk (among the retrieved ones) that covers most of the question's
 * other terms — the option best supported by what the question says about it wins; when no
 * option is better supported than the others (and time does not decide), none: the question is
 * not answered with a guess.
 */
export function choiceCandidates(input: {
  options: readonly string[];
  questionText: string;
  question: QuestionAnalysis;
  retrieved: readonly Retrieved[];
  weights: TermWeights;
}): Candidate[] {
  const optionTokens = new Set(input.options.flatMap((o) => tokenize(o)));
  // the question's terms other than the options' own words: what is said about the answer
  const about = input.question.terms.filter((t) => !t.parts.every((p) => optionTokens.has(p)));
  const candidates: Candidate[] = [];
  for (const option of input.options) {
    let best: Candidate | undefined;
    for (const { chunk, normalized } of input.retrieved) {
      const found = verbatim(chunk, option);
      if (!found) continue;
      const coverage = share(about, input.weights, new Set(tokenize(chunk.text)));
      if (!best || coverage > best.coverage)
        best = {
          chunk,
          retrieval: normalized,
          answer: found.answer,
          snippet: found.snippet,
          coverage,
          typeMatch: 1,
          proximity: 1,
        };
    }
    if (best) candidates.push(best);
  }
  const timed = byTime(input.questionText, candidates);
  if (timed.length <= 1) return timed;
  // undecided unless one option is better supported than every other
  const top = Math.max(...timed.map((c) => c.coverage));
  const leaders = timed.filter((c) => c.coverage === top);
  return leaders.length === 1 ? leaders : [];
}

const EARLIER = /\b(?:older|oldest|earlier|earliest|first)\b/iu;
const LATER = /\b(?:younger|youngest|later|latest|newer|newest)\b/iu;
const YEAR = /\b(?:1\d{3}|20\d{2})\b/u;

/**
 * "Who is older, A or B?", "Which was founded first, …?": when the question compares in time and
 * each option's chunk gives a year (its first one: where a page introduces its subject, with birth
 * or founding), the option with the earlier (or later) year is the answer. Otherwise every option stays.
 */
export function byTime(question: string, candidates: readonly Candidate[]): Candidate[] {
  const earlier = EARLIER.test(question);
  if (!earlier && !LATER.test(question)) return [...candidates];
  const years = candidates.map((c) => Number(YEAR.exec(c.chunk.text)?.[0] ?? Number.NaN));
  if (candidates.length < 2 || years.some((y) => Number.isNaN(y)) || new Set(years).size < 2)
    return [...candidates];
  const target = earlier ? Math.min(...years) : Math.max(...years);
  return candidates.filter((_, i) => years[i] === target);
}

/** The option as the chunk writes it (case may differ) and the sentence holding it. */
function verbatim(chunk: SourcedChunk, option: string): { answer: string; snippet: string } | undefined {
  const at = chunk.text.toLowerCase().indexOf(option.toLowerCase());
  if (at < 0) return undefined;
  const answer = chunk.text.slice(at, at + option.length);
  const sentence = splitSentences(chunk.text).find((s) => s.start <= at && at < s.start + s.text.length);
  return { answer, snippet: sentence?.text.includes(answer) ? sentence.text : chunk.text };
}

function share(terms: readonly KeyTerm[], weights: TermWeights, tokens: ReadonlySet<string>): number {
  let total = 0;
  let covered = 0;
  for (const t of terms) {
    const w = weights.get(t.term) ?? 0;
    total += w;
    if (termIn(tokens, t)) covered += w;
  }
  return total > 0 ? covered / total : 0;
}
