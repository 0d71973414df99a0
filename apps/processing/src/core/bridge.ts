import type { SourcedChunk } from '@forage/contracts';
import { candidatesFrom, type Candidate } from './candidates.js';
import type { TermWeights } from './coverage.js';
import { entityPage, namedRuns, titleCore, type EntityPage } from './entities.js';
import { termIn, type QuestionAnalysis } from './question.js';
import { tokenize } from './text.js';

/** A page counts as the question's subject when its title is a name the question writes. */
const MIN_TITLE_MATCH = 0.7;
/** Bridge pages read per question (the first mentioned in the subject's page first). */
const MAX_BRIDGES = 4;
/** Chunks of one bridge page read for the answer. */
const MAX_BRIDGE_CHUNKS = 8;
/** A fact read through a link is a little less certain than one a page states outright. */
const BRIDGE_DISCOUNT = 0.9;
/** Shorter titles are too common to mark a mention ("Go", "It"). */
const MIN_TITLE_CHARS = 4;

/**
 * Two-hop questions ("the university where X taught is in what city?"): the page about a thing the
 * question names (hop 1) mentions another page's subject by its title (the bridge); the answer is
 * on that page (hop 2), found with the part of the question hop 1 does not already state. Each
 * candidate's coverage is that of the whole question: the hop-1 page's share plus the bridge
 * page's share of the rest, discounted, so a bridge answer never outranks a page that states everything.
 * Also returns the bridge pages' names: a span naming one is the link, not the answer.
 */
export function bridgeCandidates(input: {
  questionText: string;
  question: QuestionAnalysis;
  chunks: readonly SourcedChunk[];
  weights: TermWeights;
  retrieval: (chunk: SourcedChunk) => number;
}): { candidates: Candidate[]; bridges: string[] } {
  const { question, chunks } = input;
  const subjects: EntityPage[] = [];
  for (const run of namedRuns(input.questionText)) {
    const page = entityPage(run, chunks);
    if (
      page &&
      page.match >= MIN_TITLE_MATCH &&
      !subjects.some((s) => s.chunks[0]?.url === page.chunks[0]?.url)
    )
      subjects.push(page);
  }
  const out: Candidate[] = [];
  const names: string[] = [];
  for (const subject of subjects) {
    const subjectText = subject.chunks.map((c) => c.text).join(' ');
    const subjectTokens = new Set(tokenize([subjectText, subject.chunks[0]?.title ?? ''].join(' ')));
    const stated = question.terms.filter((t) => termIn(subjectTokens, t));
    const rest = question.terms.filter((t) => !termIn(subjectTokens, t));
    if (rest.length === 0 || stated.length === 0) continue;
    const total = sum(question.terms.map((t) => input.weights.get(t.term) ?? 0));
    const hop1 = total > 0 ? sum(stated.map((t) => input.weights.get(t.term) ?? 0)) / total : 0;
    const lower = subjectText.toLowerCase();
    const subjectUrl = subject.chunks[0]?.url;
    const bridges = pagesByUrl(chunks)
      // another named thing's page is a bridge too ("X represented Y, which was founded when?")
      .filter((page) => page[0]?.url !== subjectUrl)
      .map((page) => ({ page, at: mentionAt({ text: subjectText, lower, title: page[0]?.title ?? '' }) }))
      .filter((b) => b.at >= 0)
      .sort((a, b) => a.at - b.at)
      .slice(0, MAX_BRIDGES);
    const restQuestion: QuestionAnalysis = {
      ...question,
      terms: rest,
      queryTerms: [...new Set(rest.flatMap((t) => [...t.alternates, ...t.parts]))],
    };
    for (const { page } of bridges) {
      names.push(titleCore(page[0]?.title ?? ''));
      // only the bridge page's chunks that say something the question asks, a bounded number of them
      const relevant = page
        .filter((chunk) => {
          const tokens = new Set(tokenize(chunk.text));
          return rest.some((t) => termIn(tokens, t));
        })
        .slice(0, MAX_BRIDGE_CHUNKS);
      for (const chunk of relevant) {
        for (const c of candidatesFrom({
          chunk,
          retrieval: input.retrieval(chunk),
          question: restQuestion,
          weights: input.weights,
        })) {
          // the answer is not the subject itself
          if (subjectTokens.size > 0 && tokenize(c.answer).every((t) => question.questionTokens.has(t)))
            continue;
          out.push({ ...c, coverage: BRIDGE_DISCOUNT * (hop1 + (1 - hop1) * c.coverage) });
        }
      }
    }
  }
  return { candidates: out, bridges: names };
}

/** Whether an answer is the name of a bridge page: then it is the link to the answer, not the answer. */
export function namesBridge(answer: string, bridges: readonly string[]): boolean {
  const key = tokenize(answer).join(' ');
  return key.length > 0 && bridges.some((b) => tokenize(b).join(' ') === key);
}

function sum(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}

function pagesByUrl(chunks: readonly SourcedChunk[]): SourcedChunk[][] {
  const byUrl = new Map<string, SourcedChunk[]>();
  for (const c of chunks) {
    const list = byUrl.get(c.url);
    if (list) list.push(c);
    else byUrl.set(c.url, [c]);
  }
  return [...byUrl.values()];
}

/**
 * Where a page's title (without its qualifier) is written in a text, word-bounded; -1 when it is
 * not. A person-like title ("Marta Kessel": capitalised words only) is also mentioned by its last
 * word written with its capital ("during the Nixon administration"), as texts name people by surname.
 */
export function mentionAt(input: { text: string; lower: string; title: string }): number {
  const core = titleCore(input.title);
  if (core.length < MIN_TITLE_CHARS) return -1;
  const whole = wordAt(input.lower, core.toLowerCase());
  if (whole >= 0) return whole;
  const parts = core.split(/\s+/u);
  const last = parts[parts.length - 1] ?? '';
  const nameLike = parts.length >= 2 && parts.every((p) => /^\p{Lu}[\p{L}\p{M}'’.-]*$/u.test(p));
  return nameLike && last.length >= MIN_TITLE_CHARS ? wordAt(input.text, last) : -1;
}

function wordAt(text: string, word: string): number {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u').exec(text);
  return m ? m.index : -1;
}
