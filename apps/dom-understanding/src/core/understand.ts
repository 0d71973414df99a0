import type { ContentChunk, InteractiveElement } from '@forage/contracts';
import { chunkDocument } from './chunks.js';
import { descendants, isElement, parseHtml } from './dom.js';
import { findInteractive } from './interactive.js';
import { collapseWhitespace, renderedText } from './text.js';

export interface UnderstandLimits {
  readonly maxChunks: number;
  readonly maxInteractive: number;
  /** Budget for the serialised chunks and interactive elements together. */
  readonly maxBytes: number;
}

export interface PageUnderstanding {
  readonly title: string;
  readonly chunks: ContentChunk[];
  readonly interactive: InteractiveElement[];
  /** True when chunks or elements were dropped to stay within the limits. */
  readonly truncated: boolean;
}

/** Share of the byte budget interactive elements may take; content chunks get the rest. */
const INTERACTIVE_SHARE = 0.25;

/** Parses a DOM snapshot once and reads its title, content chunks and interactive elements within the limits. */
export function understandHtml(html: string, limits: UnderstandLimits): PageUnderstanding {
  const doc = parseHtml(html);
  const allChunks = chunkDocument(doc);
  const allInteractive = findInteractive(doc, { max: limits.maxInteractive + 1 });
  const interactive = takeWithinBudget(
    allInteractive,
    limits.maxInteractive,
    limits.maxBytes * INTERACTIVE_SHARE,
  );
  const spent = byteSize(interactive);
  const chunks = takeWithinBudget(allChunks, limits.maxChunks, limits.maxBytes - spent);
  const titleEl =
    descendants(doc, 'title').find((t) => isElement(t.parent) && t.parent.name === 'head') ??
    descendants(doc, 'h1')[0];
  const title = titleEl ? collapseWhitespace(renderedText(titleEl)).slice(0, 1_000) : '';
  return {
    title,
    chunks,
    interactive,
    truncated: chunks.length < allChunks.length || interactive.length < allInteractive.length,
  };
}

/** The longest prefix of `items` with at most `maxCount` items and `maxBytes` of JSON. */
function takeWithinBudget<T>(items: readonly T[], maxCount: number, maxBytes: number): T[] {
  const out: T[] = [];
  let bytes = 2;
  for (const item of items) {
    if (out.length >= maxCount) break;
    const size = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (bytes + size > maxBytes) break;
    out.push(item);
    bytes += size;
  }
  return out;
}

function byteSize(items: readonly unknown[]): number {
  return Buffer.byteLength(JSON.stringify(items));
}
