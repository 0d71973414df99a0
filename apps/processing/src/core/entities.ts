import type { SourcedChunk } from '@forage/contracts';
import { splitSentences } from '@forage/html';
import { isStopWord, readableQuestion, tokenize } from './text.js';

/**
 * Lower-case words that may sit inside a name ("Songs to Remember", "In the Valley of the Lanterns",
 * "Bank of Veloria"); "and" is not one of them: it joins two names.
 */
const JOINERS = new Set([
  'of',
  'the',
  'to',
  'de',
  'la',
  'le',
  'van',
  'von',
  'der',
  'du',
  'da',
  'del',
  'for',
  'on',
  'in',
  'a',
]);

/** Words that open a question or request with a capital without naming anything. */
const OPENERS = new Set(
  'name list give tell find show please both aside besides apart according during after before since other'.split(
    ' ',
  ),
);

/**
 * The names a question mentions: runs of words written with a capital or starting with a digit
 * ("Ilse Varnek", "412 9th Street", "Over Under"), lower-case joiners allowed inside a run.
 * Every question starts with a capital, so its first word counts only when it is no stop word or
 * question opener ("Teodor A. Brun was …", "2019 F/W is …", but not "Which …" or "Name …").
 */
export function namedRuns(question: string): string[] {
  const text = readableQuestion(question).normalize('NFKC');
  const tokens = [...text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’.&-]*|[,;:?!"“”()]/gu)].map((m) => m[0]);
  const runs: string[] = [];
  let run: string[] = [];
  const flush = (): void => {
    while (run.length > 0 && JOINERS.has(run[run.length - 1] ?? '')) run.pop();
    if (run.length > 0) runs.push(run.join(' ').replace(/[.]+$/u, ''));
    run = [];
  };
  tokens.forEach((word, i) => {
    if (i === 0 && (isStopWord(word) || OPENERS.has(word.toLowerCase()))) return;
    if (/^[\p{Lu}\p{N}]/u.test(word)) run.push(word);
    else if (run.length > 0 && JOINERS.has(word)) run.push(word);
    else flush();
  });
  flush();
  return runs.filter((r) => tokenize(r).length > 0);
}

/** A page's chunks (same url), in page order, and how well its title names the entity. */
export interface EntityPage {
  readonly entity: string;
  readonly chunks: readonly SourcedChunk[];
  /** 1 when the page's title is the entity's name; less when the page only mentions it. */
  readonly match: number;
}

/** The title without a parenthetical qualifier or a site suffix ("Nora Vale (film)" → "Nora Vale"). */
export function titleCore(title: string): string {
  return (
    title
      .replace(/\s*\([^)]*\)\s*/gu, ' ')
      .split(/\s+[|–—-]\s+/u)[0]
      ?.trim() ?? title
  );
}

/**
 * The page about an entity: the page whose title is the entity's name (a bare title before one
 * with a qualifier), else one whose title contains it or is contained in it, else the page whose
 * chunk mentions every word of the name earliest. Undefined when no page names it.
 */
export function entityPage(entity: string, chunks: readonly SourcedChunk[]): EntityPage | undefined {
  const want = tokenize(entity);
  if (want.length === 0) return undefined;
  const wantKey = want.join(' ');
  const byUrl = new Map<string, SourcedChunk[]>();
  for (const c of chunks) {
    const list = byUrl.get(c.url);
    if (list) list.push(c);
    else byUrl.set(c.url, [c]);
  }
  let best: { page: SourcedChunk[]; match: number } | undefined;
  for (const page of byUrl.values()) {
    const title = page[0]?.title ?? '';
    const core = tokenize(titleCore(title));
    const full = tokenize(title);
    let match = 0;
    if (core.join(' ') === wantKey) match = full.length === core.length ? 1 : 0.95;
    else if (core.length > 0 && core.length <= want.length + 1 && want.every((w) => core.includes(w)))
      match = 0.8;
    else if (core.length > 0 && core.every((w) => want.includes(w))) match = 0.7;
    // "2015–16 Orvel Hawks" names the page "2015–16 Orvel Hawks women's hockey team": the title starts with it
    else if (want.length >= 2 && want.every((w, i) => core[i] === w)) match = 0.7;
    else {
      const first = page.find((c) => {
        const tokens = new Set(tokenize(c.text));
        return want.every((w) => tokens.has(w));
      });
      if (first) match = 0.4;
    }
    if (match > 0 && (!best || match > best.match)) best = { page, match };
  }
  return best ? { entity, chunks: best.page, match: best.match } : undefined;
}

/** A sentence of a chunk, verbatim, with the chunk it was cut from. */
export interface PageSentence {
  readonly chunk: SourcedChunk;
  readonly text: string;
  /** Position in the page (0 = its first sentence). */
  readonly index: number;
}

/** The page's sentences in order (headings are chunks too: only chunks with a sentence of prose count). */
export function pageSentences(page: EntityPage, limit = 40): PageSentence[] {
  const out: PageSentence[] = [];
  for (const chunk of page.chunks) {
    const tokens = tokenize(chunk.text);
    if (tokens.length < 4 && chunk.text === chunk.headingPath[chunk.headingPath.length - 1]) continue;
    for (const s of splitSentences(chunk.text)) {
      out.push({ chunk, text: s.text, index: out.length });
      if (out.length >= limit) return out;
    }
  }
  return out;
}
