import { countriesIn, withoutCountries } from './places.js';
import { isStopWord, stem, tokenize } from './text.js';

/**
 * What a question says about the things it names ("both opera composers", "located in Michigan",
 * "from the United States"): its words other than the names, and the countries it names.
 */
export interface Predicate {
  /** Stemmed words with their weights (a participle, "described", "located", counts half: it names the relation, not the thing). */
  readonly terms: readonly { readonly term: string; readonly weight: number }[];
  readonly countries: ReadonlySet<string>;
}

/** Words that compare or quantify but say nothing about the things ("both", "same", "a type of"). */
const FRAME = new Set(
  [
    'both',
    'same',
    'either',
    'neither',
    'type',
    'types',
    'kind',
    'kinds',
    'sort',
    'sorts',
    'form',
    'considered',
    'also',
    'each',
    'one',
    'other',
  ].map(stem),
);

export function predicateOf(question: string, names: readonly string[]): Predicate {
  let rest = question;
  for (const name of names) rest = rest.split(name).join(' ');
  const countries = countriesIn(rest);
  const nameTokens = new Set(names.flatMap((n) => tokenize(n)));
  const words = withoutCountries(rest).match(/[\p{L}\p{N}]+/gu) ?? [];
  const seen = new Set<string>();
  const terms: { term: string; weight: number }[] = [];
  for (const [i, word] of words.entries()) {
    if (i === 0 && /^\p{Lu}/u.test(word) && isStopWord(word)) continue;
    const [term] = tokenize(word);
    if (!term || FRAME.has(term) || nameTokens.has(term) || seen.has(term)) continue;
    seen.add(term);
    terms.push({ term, weight: /(?:ed|ing)$/u.test(word.toLowerCase()) ? 0.5 : 1 });
  }
  return { terms, countries };
}

/** Weighted share of the predicate a text states (a country by name or adjective), in [0, 1]. */
export function predicateCoverage(predicate: Predicate, text: string): number {
  const tokens = new Set(tokenize(text));
  let total = 0;
  let covered = 0;
  for (const { term, weight } of predicate.terms) {
    total += weight;
    if (tokens.has(term)) covered += weight;
  }
  if (predicate.countries.size > 0) {
    total += 1;
    const found = countriesIn(text);
    if ([...predicate.countries].some((c) => found.has(c))) covered += 1;
  }
  return total > 0 ? covered / total : 0;
}
