import type { SourcedChunk } from '@forage/contracts';
import type { Candidate } from './candidates.js';
import { entityPage, namedRuns, pageSentences, type EntityPage, type PageSentence } from './entities.js';
import { countriesIn, withoutCountries } from './places.js';
import { predicateCoverage, predicateOf } from './predicate.js';
import { tokenize } from './text.js';

/** A page whose title names the entity counts; one that merely mentions it does not. */
const MIN_TITLE_MATCH = 0.7;
/** Sentences of each page read for the predicate (pages state what their subject is early). */
const LEAD_SENTENCES = 6;
/** Share of the predicate every entity's page must state for "yes". */
const YES_SHARE = 0.6;
const MONTHS = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*$/iu;

/**
 * "Are A and B both X?", "Is A located in X?", "Were A and B of the same nationality?": each named
 * thing's page (the page titled with its name) is read for what the question says about it.
 * - "the same …": yes when the pages' first sentences share a descriptor (a country or its people's
 *   adjective, or another capitalised word that is not a name of the subject or a month);
 * - otherwise: yes when every page states at least 60% of the predicate (its words, a country by
 *   name or adjective), no when one does not.
 * The answer carries the sentences it was read from. Undefined when the question names no thing
 * with its own page, or names none besides the predicate.
 */
export function yesNoCandidate(input: {
  question: string;
  chunks: readonly SourcedChunk[];
  retrieval: (chunk: SourcedChunk) => number;
}): Candidate | undefined {
  const runs = namedRuns(input.question);
  const pages: EntityPage[] = [];
  for (const run of runs) {
    // a country the question names is what it says about the things, not one of them
    if (countriesIn(run).size > 0 && tokenize(withoutCountries(run)).length === 0) continue;
    const page = entityPage(run, input.chunks);
    const url = page?.chunks[0]?.url;
    if (page && page.match >= MIN_TITLE_MATCH && !pages.some((p) => p.chunks[0]?.url === url))
      pages.push(page);
  }
  if (pages.length === 0) return undefined;
  const names = pages.map((p) => p.entity);
  if (/\bsame\b/iu.test(input.question) && pages.length >= 2) return sameAttribute(pages, input.retrieval);
  const predicate = predicateOf(input.question, names);
  if (predicate.terms.length === 0 && predicate.countries.size === 0) return undefined;
  const read = pages.map((page) => {
    let best: { sentence: PageSentence; share: number } | undefined;
    for (const sentence of pageSentences(page, LEAD_SENTENCES)) {
      const share = predicateCoverage(predicate, sentence.text);
      if (!best || share > best.share) best = { sentence, share };
    }
    return best;
  });
  const found = read.filter((r): r is NonNullable<typeof r> => r !== undefined);
  if (found.length < pages.length || found.length === 0) return undefined;
  const weakest = Math.min(...found.map((r) => r.share));
  const yes = weakest >= YES_SHARE;
  return derived({
    answer: yes ? 'yes' : 'no',
    rule: yes
      ? `each named subject's page states ${describe(predicate)}`
      : `the page of ${pages[found.findIndex((r) => r.share === weakest)]?.entity ?? 'one subject'} does not state ${describe(predicate)}`,
    evidence: found.map((r) => r.sentence),
    // how clearly the pages decide: all of the predicate stated (yes) or none of it (no)
    decisiveness: yes ? weakest : 1 - weakest,
    retrieval: input.retrieval,
  });
}

function describe(predicate: ReturnType<typeof predicateOf>): string {
  const words = [...predicate.countries, ...predicate.terms.map((t) => t.term)];
  return `"${words.join(' ')}"`;
}

/** "Of the same nationality / country / …": the first sentences of the pages share a descriptor. */
function sameAttribute(
  pages: readonly EntityPage[],
  retrieval: (chunk: SourcedChunk) => number,
): Candidate | undefined {
  const leads = pages.map((p) => pageSentences(p, 1)[0]);
  if (leads.some((l) => l === undefined)) return undefined;
  const sentences = leads as PageSentence[];
  const descriptors = sentences.map((s, i) => descriptorsOf(s.text, pages[i]?.entity ?? '', s.chunk.title));
  if (descriptors.some((d) => d.size === 0)) return undefined;
  const [first, ...others] = descriptors;
  const shared = [...(first ?? [])].filter((d) => others.every((o) => o.has(d)));
  const yes = shared.length > 0;
  return derived({
    answer: yes ? 'yes' : 'no',
    rule: yes
      ? `the pages' first sentences share "${shared.join(', ')}"`
      : "the pages' first sentences share no descriptor",
    evidence: sentences,
    decisiveness: 0.7,
    retrieval,
  });
}

/** Countries (by name or adjective) and other capitalised words of a sentence that do not name its subject. */
function descriptorsOf(sentence: string, entity: string, title: string): Set<string> {
  const own = new Set([...tokenize(entity), ...tokenize(title)]);
  const out = new Set<string>([...countriesIn(sentence)].map((c) => `country:${c}`));
  const words = [...sentence.matchAll(/[\p{L}][\p{L}'’-]*/gu)];
  for (const [i, m] of words.entries()) {
    const word = m[0];
    if (i === 0 || !/^\p{Lu}/u.test(word) || MONTHS.test(word)) continue;
    const [token] = tokenize(word);
    if (!token || own.has(token) || countriesIn(word).size > 0) continue;
    out.add(token);
  }
  return out;
}

function derived(input: {
  answer: string;
  rule: string;
  evidence: readonly PageSentence[];
  decisiveness: number;
  retrieval: (chunk: SourcedChunk) => number;
}): Candidate | undefined {
  const [head] = input.evidence;
  if (!head) return undefined;
  const retrievals = input.evidence.map((e) => input.retrieval(e.chunk));
  return {
    chunk: head.chunk,
    retrieval: retrievals.reduce((a, b) => a + b, 0) / retrievals.length,
    answer: input.answer,
    snippet: head.text,
    coverage: Math.min(1, Math.max(0, input.decisiveness)),
    typeMatch: 1,
    proximity: 1,
    derivation: {
      kind: 'yes_no',
      rule: input.rule,
      evidence: input.evidence.map((e) => ({ chunk: e.chunk, snippet: e.text })),
    },
  };
}
