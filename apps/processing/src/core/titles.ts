import type { SourcedChunk } from '@forage/contracts';
import type { Candidate } from './candidates.js';
import { termCoverage, type TermWeights } from './coverage.js';
import { entityPage, pageSentences, titleCore } from './entities.js';
import type { QuestionAnalysis } from './question.js';
import type { Retrieved } from './retrieval.js';
import { countriesIn } from './places.js';
import { isStopWord, readableQuestion, stem, tokenize } from './text.js';

/** The first sentences of a page say what its subject is ("Glasswing is a fantasy novel series …"). */
const LEAD_SENTENCES = 2;
/** Sentences of a page read as its description (the rest counts as context). */
const DESCRIPTION_SENTENCES = 4;
/** The page that answers by its subject is read whole: a little less certain than a sentence stating the answer. */
const TITLE_DISCOUNT = 0.9;
/** Words ending the wh-phrase ("which war, that had …", "what screenwriter with credits …"). */
const PHRASE_END = new Set(
  `is are was were be been do does did has have had can could will would may might shall should that which who whom whose
  where when with by for from in on at to as than besides aside and or also`.split(/\s+/),
);

/**
 * The noun a "what / which …" question asks for: the last word of its wh-phrase ("What science
 * fantasy young adult series, told …" → series; "which war, that had …" → war; "What type of forum
 * …" → forum). Undefined when the question has no such phrase.
 */
export function questionHead(questionText: string): string | undefined {
  const text = readableQuestion(questionText).normalize('NFKC');
  const m = /\b(?:what|which)\s+/iu.exec(text);
  if (!m) return undefined;
  // "what is the name of …": the copula before an article opens the phrase
  const after = text.slice(m.index + m[0].length).replace(/^(?:is|was|are|were)\s+(?=(?:the|an?)\s)/iu, '');
  const words: string[] = [];
  for (const w of after.matchAll(/[\p{L}\p{N}'’-]+|[,;:?!.()"“”]/gu)) {
    const word = w[0];
    const lower = word.toLowerCase();
    if (/^[,;:?!.()"“”]$/u.test(word) || PHRASE_END.has(lower)) break;
    // "type of forum", "name of the song": the noun after "of" is the head
    if (lower === 'of' && words.length > 0 && /^(?:type|kind|sort|name|form)$/u.test(words.at(-1) ?? '')) {
      words.length = 0;
      continue;
    }
    if (lower === 'of' || lower === 'the' || lower === 'a' || lower === 'an') {
      if (words.length > 0) break;
      continue;
    }
    words.push(lower);
  }
  const head = words.at(-1);
  return head && !isStopWord(head) ? head : undefined;
}

/**
 * "What science fantasy series has companion books narrating …?", "Who was known by the stage
 * name …?": the answer is the subject of a page whose description states what the question says —
 * the page's title. A retrieved page offers its title (as written in its first sentence) when
 * that sentence names the asked kind (the question's head noun; a person-like title for "who"),
 * and the title is none of the question's own words. Its coverage is the question's terms stated
 * in the page's first sentences (the rest of the page as context), discounted.
 */
export function titleCandidates(input: {
  questionText: string;
  question: QuestionAnalysis;
  top: readonly Retrieved[];
  chunks: readonly SourcedChunk[];
  weights: TermWeights;
}): Candidate[] {
  const { question } = input;
  if (question.expected !== 'name' && question.expected !== 'person' && question.expected !== 'place')
    return [];
  const head = questionHead(input.questionText);
  if (!head && question.expected !== 'person') return [];
  const headStem = head ? stem(head) : undefined;
  const out: Candidate[] = [];
  const seen = new Set<string>();
  for (const { chunk, normalized } of input.top) {
    if (seen.has(chunk.url)) continue;
    seen.add(chunk.url);
    const core = titleCore(chunk.title);
    const titleTokens = tokenize(core);
    if (titleTokens.length === 0 || titleTokens.some((t) => question.questionTokens.has(t))) continue;
    const page = entityPage(
      core,
      input.chunks.filter((c) => c.url === chunk.url),
    );
    if (!page) continue;
    const sentences = pageSentences(page, DESCRIPTION_SENTENCES);
    const lead = sentences.slice(0, LEAD_SENTENCES);
    const named = lead.flatMap((s) => {
      const written = writtenName(s.text, core);
      return written ? [{ sentence: s, written }] : [];
    })[0];
    if (!named) continue;
    const { sentence: first, written: answer } = named;
    const kind = headStem
      ? lead.some((s) => saysItIs(s.text, headStem))
      : isPersonLike(core) && introducesPerson(first.text, answer);
    if (!kind) continue;
    const own = new Set(titleTokens);
    const description = new Set(sentences.flatMap((s) => tokenize(s.text)).filter((t) => !own.has(t)));
    const context = new Set(page.chunks.flatMap((c) => tokenize(c.text)).filter((t) => !own.has(t)));
    if (headStem) description.add(headStem);
    const coverage = termCoverage({
      terms: question.terms,
      weights: input.weights,
      snippet: description,
      context,
    });
    out.push({
      chunk: first.chunk,
      retrieval: normalized,
      answer,
      snippet: first.text,
      coverage: TITLE_DISCOUNT * coverage,
      typeMatch: 1,
      proximity: 1,
    });
  }
  return out;
}

/**
 * The title as a sentence writes it, verbatim: as is, or a person-like title with middle names
 * between its first and last word ("Paul Ardent" written "Paul Émile Victor Ardent").
 */
export function writtenName(sentence: string, title: string): string | undefined {
  const at = sentence.toLowerCase().indexOf(title.toLowerCase());
  if (at >= 0) return sentence.slice(at, at + title.length);
  const parts = title.split(/\s+/u);
  if (parts.length < 2 || !isPersonLike(title)) return undefined;
  const escape = (w: string): string => w.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  const pattern = new RegExp(
    `(?<![\\p{L}])${escape(parts[0] ?? '')}(?:\\s+\\p{Lu}[\\p{L}\\p{M}.'’-]*){1,3}?\\s+${escape(parts[parts.length - 1] ?? '')}(?![\\p{L}])`,
    'u',
  );
  return pattern.exec(sentence)?.[0];
}

/** Words a description may hold between the copula and the kind ("is a science fantasy series"). */
const MAX_DESCRIPTION_WORDS = 8;
const PREPOSITION = /^(?:in|at|on|from|of|by|for|with|to|into|near|under|over|after|before)$/iu;

/**
 * "X is a science fantasy series …": the sentence says what its subject is — the kind comes after
 * "is/was/are/were" within a few words and no preposition ("was born in New York City" says where
 * someone was born, not that they are a city).
 */
export function saysItIs(sentence: string, kindStem: string): boolean {
  for (const m of sentence.matchAll(/\b(?:is|was|are|were)\s+/giu)) {
    const words = sentence.slice(m.index + m[0].length).match(/[\p{L}\p{N}'’-]+/gu) ?? [];
    for (const word of words.slice(0, MAX_DESCRIPTION_WORDS)) {
      if (PREPOSITION.test(word)) break;
      if (stem(word.toLowerCase()) === kindStem) return true;
    }
  }
  return false;
}

/**
 * How a page introduces a person: the name followed, within a few words, by their dates
 * ("Ilse Varnek (born 3 May 1961)", "Oren Valdt (1902 – 1977)").
 */
export function introducesPerson(sentence: string, name: string): boolean {
  const at = sentence.toLowerCase().indexOf(name.toLowerCase());
  if (at < 0) return false;
  const after = sentence.slice(at + name.length, at + name.length + 120);
  return /^[^()]{0,40}\([^)]*(?:\bborn\b|\b\d{3,4}\b)[^)]*\)/iu.test(after);
}

/** Two to five capitalised words, no country: how a page about a person is titled. */
function isPersonLike(title: string): boolean {
  const parts = title.split(/\s+/u);
  return (
    parts.length >= 2 &&
    parts.length <= 5 &&
    parts.every((p) => /^\p{Lu}[\p{L}\p{M}'’.-]*$/u.test(p)) &&
    countriesIn(title).size === 0
  );
}
