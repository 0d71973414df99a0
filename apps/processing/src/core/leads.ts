import type { SourcedChunk } from '@forage/contracts';
import { entityPage, namedRuns, pageSentences, type EntityPage } from './entities.js';
import { isPeopleAdjective, countriesIn } from './places.js';
import { termIn, type QuestionAnalysis } from './question.js';
import { typedSpans } from './spans.js';
import { tokenize } from './text.js';

/** A page counts as the question's subject when its title is a name the question writes. */
const MIN_TITLE_MATCH = 0.7;
/** Sentences of the subject's page read for names. */
const SENTENCES = 12;
const MAX_LEADS = 3;
/** Question words a follow-up query keeps besides the name. */
const MAX_REST_TERMS = 5;
const MAX_NAME_CHARS = 200;
const MAX_QUERY_CHARS = 300;

/** A name the subject's page mentions, and the query that looks for the rest of the question about it. */
export interface Lead {
  readonly name: string;
  readonly query: string;
}

/**
 * Where a second hop may look ("the director of Lantern Hill is based in what city?"):
 * the page about a thing the question names (its subject) mentions other things by name beside
 * the question's terms ("… directed by Mira Solen"); the answer may be on their pages. Each
 * lead is such a name (not the question's own words, a country or a people's adjective) and a
 * query: the name with the question's terms the subject's page does not state ("Mira Solen
 * based city"); the names in the sentences that state most of the question first. Before them,
 * the other things the question names whose pages were not read yet. Empty when no page is about a
 * named thing.
 */
export function bridgeLeads(input: {
  questionText: string;
  question: QuestionAnalysis;
  chunks: readonly SourcedChunk[];
}): Lead[] {
  const { question } = input;
  const subjects: EntityPage[] = [];
  const unread: string[] = [];
  for (const run of namedRuns(input.questionText)) {
    const page = entityPage(run, input.chunks);
    if (!page || page.match < MIN_TITLE_MATCH) unread.push(run);
    else if (!subjects.some((s) => s.chunks[0]?.url === page.chunks[0]?.url)) subjects.push(page);
  }
  const found: { name: string; rest: string[]; score: number; order: number }[] = [];
  let firstRest: string[] | undefined;
  for (const subject of subjects) {
    const pageTokens = new Set(
      tokenize([subject.chunks.map((c) => c.text).join(' '), subject.chunks[0]?.title ?? ''].join(' ')),
    );
    const missing = new Set(
      question.terms.filter((t) => !termIn(pageTokens, t) && t.name !== true).map((t) => t.term),
    );
    // in the question's own words ("based city", not their stems)
    const rest = [
      ...new Set(
        (input.questionText.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => missing.has(tokenize(w)[0] ?? '')),
      ),
    ];
    firstRest ??= rest;
    const known = new Set([...question.questionTokens, ...tokenize(subject.chunks[0]?.title ?? '')]);
    for (const sentence of pageSentences(subject, SENTENCES)) {
      const tokens = new Set(tokenize(sentence.text));
      const score = question.terms.filter((t) => termIn(tokens, t)).length;
      if (score === 0) continue;
      for (const span of typedSpans(sentence.text, 'name', known)) {
        if (span.start === 0 || isPeopleAdjective(span.text) || countriesIn(span.text).size > 0) continue;
        if (tokenize(span.text).length === 0) continue;
        found.push({ name: span.text, rest, score, order: found.length });
      }
    }
  }
  // a thing the question names whose page was not read yet, the last named first (the question's
  // asked clause ends it: "… represented Y, which was founded in what year?")
  const named = firstRest ? unread.reverse().map((name) => ({ name, rest: firstRest })) : [];
  const leads: Lead[] = [];
  for (const f of [...named, ...found.sort((a, b) => b.score - a.score || a.order - b.order)]) {
    const query = [f.name, ...f.rest.slice(0, MAX_REST_TERMS)].join(' ').slice(0, MAX_QUERY_CHARS);
    if (!leads.some((l) => l.name.toLowerCase() === f.name.toLowerCase()))
      leads.push({ name: f.name.slice(0, MAX_NAME_CHARS), query });
    if (leads.length >= MAX_LEADS) break;
  }
  return leads;
}
