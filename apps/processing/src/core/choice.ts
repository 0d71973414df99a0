import type { SourcedChunk } from '@forage/contracts';
import { splitSentences } from '@forage/html';
import type { Candidate } from './candidates.js';
import { entityPage, pageSentences, type EntityPage, type PageSentence } from './entities.js';
import { predicateCoverage, predicateOf, type Predicate } from './predicate.js';
import type { Retrieved } from './retrieval.js';

/**
 * One candidate per option (undecided: none), decided by the first rule that separates them:
 * 1. time ("older", "first", "later"…): the year each option's page gives first (where a page
 *    introduces its subject: birth, founding, release);
 * 2. quantity ("more", "larger", "cheaper"…): the number in the sentence of each option's page
 *    that states most of what the question asks about;
 * 3. what the question says about the answer: the option whose page states more of it.
 * Each option is read from its own page (the page titled with its name, else one mentioning it).
 * The winner carries the sentences compared (one per option) as its derivation; when no rule
 * separates the options, none: the question is not answered with a guess.
 */
export function choiceCandidates(input: {
  options: readonly string[];
  questionText: string;
  retrieved: readonly Retrieved[];
  chunks: readonly SourcedChunk[];
}): Candidate[] {
  const retrieval = new Map(input.retrieved.map((r) => [r.chunk, r.normalized]));
  const read: OptionRead[] = [];
  for (const option of input.options) {
    const page = entityPage(option, input.chunks);
    if (!page) continue;
    read.push({ option, page, sentences: pageSentences(page, LEAD_SENTENCES) });
  }
  // an option no page is about cannot be compared
  if (read.length < input.options.length || read.length < 2) return [];
  const predicate = predicateOf(input.questionText, input.options);
  const decision =
    byTime(input.questionText, read) ??
    byQuantity(input.questionText, read, predicate) ??
    byPredicate(read, predicate);
  if (!decision) return [];
  const winner = read[decision.winner];
  const head = decision.evidence[decision.winner];
  if (!winner || !head) return [];
  const found = verbatim(head.chunk, winner.option);
  const retrievals = decision.evidence.map((e) => retrieval.get(e.chunk) ?? 0);
  return [
    {
      chunk: head.chunk,
      retrieval: retrievals.reduce((a, b) => a + b, 0) / retrievals.length,
      answer: found?.answer ?? winner.option,
      snippet: head.text,
      coverage: decision.decisiveness,
      typeMatch: 1,
      proximity: 1,
      derivation: {
        kind: 'choice',
        rule: decision.rule,
        evidence: decision.evidence.map((e) => ({ chunk: e.chunk, snippet: e.text })),
      },
    },
  ];
}

const LEAD_SENTENCES = 8;

interface OptionRead {
  readonly option: string;
  readonly page: EntityPage;
  readonly sentences: readonly PageSentence[];
}

interface Decision {
  readonly winner: number;
  readonly rule: string;
  /** The sentence read for each option, in option order. */
  readonly evidence: readonly PageSentence[];
  /** How clearly the rule separates the options, in [0, 1]. */
  readonly decisiveness: number;
}

const EARLIER = /\b(?:older|oldest|earlier|earliest|first|sooner|predates?)\b/iu;
const LATER = /\b(?:younger|youngest|later|latest|newer|newest|more recent|most recent)\b/iu;
const YEAR = /\b(?:1\d{3}|20\d{2})\b/u;
const YEARS = /\b(?:1\d{3}|20\d{2})\b/gu;

/** Rule 1: the earlier (or later) first-given year. */
function byTime(question: string, read: readonly OptionRead[]): Decision | undefined {
  const earlier = EARLIER.test(question);
  if (!earlier && !LATER.test(question)) return undefined;
  const dated = read.map((r) => r.sentences.find((s) => YEAR.test(s.text)));
  const evidence = dated.filter((d): d is PageSentence => d !== undefined);
  if (evidence.length < read.length) return undefined;
  const years = evidence.map((s) => Number(YEAR.exec(s.text)?.[0]));
  if (new Set(years).size < years.length) return undefined;
  const target = earlier ? Math.min(...years) : Math.max(...years);
  return {
    winner: years.indexOf(target),
    rule: `${earlier ? 'earliest' : 'latest'} year each option's page gives first (${years.join(' vs ')})`,
    evidence,
    decisiveness: 0.9,
  };
}

const MORE =
  /\b(?:more|most|larger|largest|bigger|biggest|higher|highest|greater|greatest|longer|longest|taller|tallest|heavier|wider|deeper|richer|pricier|expensive)\b/iu;
const LESS =
  /\b(?:fewer|fewest|less|least|smaller|smallest|lower|lowest|shorter|shortest|cheaper|cheapest|lighter|narrower|shallower)\b/iu;
const QUANTITY = /(?<![\d.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?!\d)|(?<![\d.,])\d+(?:\.\d+)?(?![\d,])/u;

/** Rule 2: the larger (or smaller) number, each from the sentence stating most of the predicate. */
function byQuantity(
  question: string,
  read: readonly OptionRead[],
  predicate: Predicate,
): Decision | undefined {
  const less = LESS.test(question);
  if (!less && !MORE.test(question)) return undefined;
  const evidence: PageSentence[] = [];
  const values: number[] = [];
  for (const r of read) {
    let best: { s: PageSentence; share: number; value: number } | undefined;
    for (const s of r.sentences) {
      const m = QUANTITY.exec(s.text.replace(YEARS, ' '));
      if (!m) continue;
      const share = predicateCoverage(predicate, s.text);
      if (share > 0 && (!best || share > best.share))
        best = { s, share, value: Number(m[0].replace(/,/g, '')) };
    }
    if (!best) return undefined;
    evidence.push(best.s);
    values.push(best.value);
  }
  if (new Set(values).size < values.length) return undefined;
  const target = less ? Math.min(...values) : Math.max(...values);
  return {
    winner: values.indexOf(target),
    rule: `${less ? 'smallest' : 'largest'} value each option's page states (${values.join(' vs ')})`,
    evidence,
    decisiveness: 0.8,
  };
}

/** Rule 3: the option whose page states more of what the question says about the answer. */
function byPredicate(read: readonly OptionRead[], predicate: Predicate): Decision | undefined {
  if (predicate.terms.length === 0 && predicate.countries.size === 0) return undefined;
  const best: { s: PageSentence; share: number }[] = [];
  for (const r of read) {
    let top: { s: PageSentence; share: number } | undefined;
    for (const s of r.sentences) {
      const share = predicateCoverage(predicate, s.text);
      if (!top || share > top.share) top = { s, share };
    }
    if (!top) return undefined;
    best.push(top);
  }
  const shares = best.map((b) => b.share);
  const top = Math.max(...shares);
  const winner = shares.indexOf(top);
  const second = Math.max(...shares.filter((_, i) => i !== winner));
  if (top <= 0 || top === second) return undefined;
  return {
    winner,
    rule: `the option whose page states most of the question (${shares.map((x) => x.toFixed(2)).join(' vs ')})`,
    evidence: best.map((b) => b.s),
    decisiveness: top - second,
  };
}

/** The option as the chunk writes it (case may differ) and the sentence holding it. */
function verbatim(chunk: SourcedChunk, option: string): { answer: string; snippet: string } | undefined {
  const at = chunk.text.toLowerCase().indexOf(option.toLowerCase());
  if (at < 0) return undefined;
  const answer = chunk.text.slice(at, at + option.length);
  const sentence = splitSentences(chunk.text).find((s) => s.start <= at && at < s.start + s.text.length);
  return { answer, snippet: sentence?.text.includes(answer) ? sentence.text : chunk.text };
}
