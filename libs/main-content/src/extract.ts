import { parseDocument } from 'htmlparser2';
import type { Document, Element } from 'domhandler';
import { filterBlocks } from './clean/block-filter.js';
import { pruneBoilerplate } from './clean/prune.js';
import { stripNonContent } from './clean/strip.js';
import { measureText } from './dom/text-stats.js';
import { findElement } from './dom/tree.js';
import { readMetadata } from './metadata/metadata.js';
import { buildBlocks, type Block } from './render/blocks.js';
import { renderMarkdown } from './render/markdown.js';
import { renderText } from './render/text.js';
import { topCandidate, withCousins, withSiblings } from './select/choose.js';
import { scoreCandidates } from './select/score.js';
import type { ExtractOptions, ExtractionStats, MainContent } from './types.js';

/** Below this many characters a result is suspect, and the extraction is retried with fewer removals. */
const MIN_ARTICLE_CHARS = 500;

function bodyOf(doc: Document): Element | null {
  return findElement(doc, (el) => el.name === 'body') ?? findElement(doc, (el) => el.name === 'html');
}

interface Attempt {
  readonly blocks: Block[];
  readonly text: string;
  readonly elements: number;
  readonly strategy: ExtractionStats['strategy'];
}

function parse(html: string): Document {
  return parseDocument(html, { decodeEntities: true });
}

function attempt(doc: Document, unlikely: boolean): Attempt {
  const body = bodyOf(doc);
  if (body === null) return { blocks: [], text: '', elements: 0, strategy: 'empty' };
  const elements = stripNonContent(body, { unlikely });
  const stats = measureText(body);
  const scores = scoreCandidates(body, stats);
  const top = topCandidate(scores);
  const roots =
    top === null
      ? [body]
      : withCousins({ body, top, roots: withSiblings({ top, scores, stats }), scores, stats });
  pruneBoilerplate(roots);
  const strategy = top === null ? 'whole-page' : unlikely ? 'scored' : 'relaxed';
  const blocks = filterBlocks(buildBlocks(roots));
  return { blocks, text: renderText(blocks), elements, strategy };
}

function jsonLdAttempt(body: string): Attempt {
  const blocks: Block[] = body
    .split(/\n\s*\n|\r?\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '')
    .map((p) => ({
      kind: 'paragraph',
      inlines: [{ kind: 'text', text: p }],
      listDepth: 0,
      marker: null,
      quoteDepth: 0,
    }));
  return { blocks, text: renderText(blocks), elements: 0, strategy: 'json-ld' };
}

function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}_]+/gu)?.length ?? 0;
}

/**
 * Extracts the article body of an HTML page (no browser, no network): readability-style
 * candidate scoring over an htmlparser2 tree, then boilerplate pruning inside the chosen body.
 */
export function extractMainContent(html: string, options: ExtractOptions = {}): MainContent {
  const doc = parse(html);
  const meta = readMetadata(doc);
  let best = attempt(doc, true);
  if (best.text.length < MIN_ARTICLE_CHARS) {
    // the first attempt pruned the tree in place; the retry needs the page as it was
    const relaxed = attempt(parse(html), false);
    if (relaxed.text.length > best.text.length) best = relaxed;
  }
  if (best.text.length < MIN_ARTICLE_CHARS && meta.jsonLdBody !== undefined) {
    // schema.org articleBody is often truncated, so it only stands in when the DOM gave next to nothing
    const fromJsonLd = jsonLdAttempt(meta.jsonLdBody);
    if (fromJsonLd.text.length > 2 * best.text.length) best = fromJsonLd;
  }
  const stats: ExtractionStats = {
    elements: best.elements,
    strategy: best.strategy,
    chars: best.text.length,
    words: wordCount(best.text),
  };
  return {
    title: meta.title,
    text: best.text,
    markdown: renderMarkdown(best.blocks, { baseUrl: options.url }),
    ...(meta.byline !== undefined ? { byline: meta.byline } : {}),
    ...(meta.lang !== undefined ? { lang: meta.lang } : {}),
    stats,
  };
}
