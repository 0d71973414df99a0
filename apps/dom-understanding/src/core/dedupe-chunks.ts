import { createHash } from 'node:crypto';
import type { ContentChunk } from '@forage/contracts';

export interface DedupedChunks {
  readonly chunks: ContentChunk[];
  /** How many chunks repeated an earlier chunk's text and were dropped. */
  readonly removed: number;
}

/**
 * Drops chunks that repeat an earlier chunk's text (responsive copies of one block, a template
 * repeated down the page): the first occurrence stays, with its heading path and XPath. Chunks are
 * renumbered in order and each gets a `nodeId` computed from its XPath and text, so the same block
 * keeps the same id across reloads even when blocks above it come and go.
 */
export function dedupeChunks(chunks: readonly ContentChunk[]): DedupedChunks {
  const seen = new Set<string>();
  const kept: ContentChunk[] = [];
  for (const chunk of chunks) {
    const key = normalise(chunk.text);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(chunk);
  }
  return {
    chunks: kept.map((c, i) => ({ ...c, id: `c${i + 1}`, nodeId: nodeIdOf(c) })),
    removed: chunks.length - kept.length,
  };
}

/** A stable id for a block: a short hash of where it is and what it says. */
export function nodeIdOf(chunk: Pick<ContentChunk, 'xpath' | 'text'>): string {
  return `n${createHash('sha256').update(`${chunk.xpath}\n${chunk.text}`).digest('hex').slice(0, 16)}`;
}

function normalise(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();
}
