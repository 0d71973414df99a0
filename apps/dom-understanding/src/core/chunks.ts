import type { Document } from 'domhandler';
import type { ContentChunk } from '@forage/contracts';
import { readTextBlocks, asDocument } from '@forage/html';
import { splitLongText } from './sentences.js';
import { mergeTinyFragments } from './merge.js';
import { xpathOf } from './xpath.js';

export interface ChunkOptions {
  /** Longer text is split at sentence boundaries into chunks of at most this many characters. */
  readonly maxChunkChars?: number;
  /** Adjacent fragments shorter than this are merged into their common parent. */
  readonly minFragmentChars?: number;
}

const DEFAULTS = { maxChunkChars: 1_000, minFragmentChars: 25 } as const;

/**
 * Cuts a page into content chunks: the content blocks of the page's text model (@forage/html:
 * paragraphs, list items, table rows as `Header: value`, definition pairs as `term: definition`)
 * with the headings they sit under and the XPath of their source element. Headings are context,
 * not chunks; chrome is skipped; tiny neighbouring fragments are merged; long text is split at
 * sentence boundaries. Every chunk's text is a slice of the model's visible text (`visibleText`)
 * up to whitespace, so the verifier finds any snippet cut from it.
 */
export function chunkDocument(html: string | Document, options: ChunkOptions = {}): ContentChunk[] {
  const doc = asDocument(html);
  const settings = { ...DEFAULTS, ...options };
  const fragments = readTextBlocks(doc).filter((block) => block.kind === 'content');
  const merged = mergeTinyFragments(fragments, settings.minFragmentChars);
  const chunks: ContentChunk[] = [];
  for (const fragment of merged) {
    const xpath = xpathOf(fragment.element);
    for (const text of splitLongText(fragment.text, settings.maxChunkChars)) {
      chunks.push({ id: `c${chunks.length + 1}`, text, headingPath: fragment.headingPath, xpath });
    }
  }
  return chunks;
}
