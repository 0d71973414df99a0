import type { SourcedChunk } from '@forage/contracts';
import { normalizeText, words } from './text.js';

export interface NormalizedChunks {
  readonly chunks: SourcedChunk[];
  readonly dropped: number;
}

/** Word-bigram Jaccard similarity at or above which two chunks say the same thing. */
const NEAR_DUPLICATE = 0.9;
/** Shorter chunks are compared exactly only (a bigram set of two or three pairs is too coarse). */
const MIN_WORDS_FOR_NEAR = 4;

/**
 * NFKC and whitespace-collapsed text, title and heading path; then drops empty chunks, exact
 * duplicates (same normalised text, case-insensitive) and near duplicates (word-bigram Jaccard
 * ≥ 0.9), keeping the first occurrence and the input order. Near duplicates are found with
 * prefix filtering: two sets that similar must share one of their rarest few bigrams, so only
 * chunks sharing one are compared.
 */
export function normalizeChunks(chunks: readonly SourcedChunk[]): NormalizedChunks {
  const prepared = chunks.map((chunk) => {
    const text = normalizeText(chunk.text);
    const tokens = words(text);
    return { chunk, text, shingles: tokens.length >= MIN_WORDS_FOR_NEAR ? bigrams(tokens) : undefined };
  });
  const df = new Map<string, number>();
  for (const p of prepared) for (const b of p.shingles ?? []) df.set(b, (df.get(b) ?? 0) + 1);
  const kept: SourcedChunk[] = [];
  const exact = new Set<string>();
  const keptShingles: Set<string>[] = [];
  const prefixIndex = new Map<string, number[]>();
  for (const { chunk, text, shingles } of prepared) {
    const key = text.toLowerCase();
    if (!text || exact.has(key)) continue;
    if (shingles) {
      const prefix = prefixOf(shingles, df);
      const candidates = new Set(prefix.flatMap((b) => prefixIndex.get(b) ?? []));
      if ([...candidates].some((i) => jaccard(shingles, keptShingles[i] ?? new Set()) >= NEAR_DUPLICATE))
        continue;
      const id = keptShingles.push(shingles) - 1;
      for (const b of prefix) {
        const list = prefixIndex.get(b);
        if (list) list.push(id);
        else prefixIndex.set(b, [id]);
      }
    }
    exact.add(key);
    kept.push({
      ...chunk,
      text,
      title: normalizeText(chunk.title),
      headingPath: chunk.headingPath.map(normalizeText),
    });
  }
  return { chunks: kept, dropped: chunks.length - kept.length };
}

function bigrams(tokens: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + 1 < tokens.length; i++) out.add(`${tokens[i]} ${tokens[i + 1]}`);
  return out;
}

/** The rarest |A| − ⌈t·|A|⌉ + 1 bigrams (ties by text): sets with Jaccard ≥ t share one. */
function prefixOf(shingles: ReadonlySet<string>, df: ReadonlyMap<string, number>): string[] {
  const length = shingles.size - Math.ceil(NEAR_DUPLICATE * shingles.size) + 1;
  return [...shingles]
    .sort((a, b) => (df.get(a) ?? 0) - (df.get(b) ?? 0) || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, length);
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 1 : shared / union;
}
