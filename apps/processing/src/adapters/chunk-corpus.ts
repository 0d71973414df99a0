import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sourcedChunkId, type ChunkSet, type ChunkSetSelection, type SourcedChunk } from '@forage/contracts';
import {
  ChunkSetInvalidError,
  EvidenceNotFoundError,
  EvidenceStore,
  EvidenceTamperedError,
  getChunkSet,
} from '@forage/evidence';
import { InvalidRequestError, NotFoundError, UpstreamError } from '@forage/messaging';
import type { ProcessingConfig } from '../config.js';
import { PROCESSING_CONFIG } from '../tokens.js';
import { ByteLru } from './byte-lru.js';

/**
 * Turns the chunk sets a request names (by reference) into the chunks processing answers from.
 * Sets are content-addressed, so a cached set or corpus can never be stale: the same selection
 * returns the very same array, and retrieval's index (cached per array) is built once for it.
 * Both caches are bounded by the chunks' text bytes.
 */
@Injectable()
export class ChunkCorpus {
  private readonly sets: ByteLru<string, ChunkSet>;
  private readonly corpora: ByteLru<string, readonly SourcedChunk[]>;

  constructor(
    @Inject(EvidenceStore) private readonly store: EvidenceStore,
    @Inject(PROCESSING_CONFIG) config: ProcessingConfig,
  ) {
    const bytes = config.PROCESSING_CHUNK_CACHE_MB * 1024 * 1024;
    // the corpora carry their BM25 index, by far the larger part
    this.sets = new ByteLru(bytes / 4);
    this.corpora = new ByteLru((bytes * 3) / 4);
  }

  /** The selected chunks of every set, in order; the same selection gives the same (cached) array. */
  async chunksOf(selections: readonly ChunkSetSelection[]): Promise<readonly SourcedChunk[]> {
    const key = corpusKey(selections);
    const cached = this.corpora.get(key);
    if (cached) return cached;
    const chunks: SourcedChunk[] = [];
    for (const selection of selections) {
      const set = await this.set(selection.chunkSet.sha256);
      const wanted = selection.chunkIds ? new Set(selection.chunkIds) : null;
      for (const chunk of set.chunks) {
        if (wanted && !wanted.has(chunk.id)) continue;
        chunks.push({
          chunkId: sourcedChunkId({ logRecordId: selection.logRecordId, chunkId: chunk.id }),
          url: set.url,
          title: set.title,
          text: chunk.text,
          headingPath: chunk.headingPath,
          xpath: chunk.xpath,
          domSnapshot: selection.domSnapshot,
          logRecordId: selection.logRecordId,
        });
      }
    }
    const frozen = Object.freeze(chunks);
    this.corpora.set(key, frozen, indexedBytes(frozen));
    return frozen;
  }

  private async set(sha256: string): Promise<ChunkSet> {
    const cached = this.sets.get(sha256);
    if (cached) return cached;
    let set: ChunkSet;
    try {
      set = await getChunkSet(this.store, { sha256 });
    } catch (err) {
      if (err instanceof EvidenceNotFoundError) throw new NotFoundError(err.message, { cause: err });
      if (err instanceof ChunkSetInvalidError || err instanceof EvidenceTamperedError)
        throw new InvalidRequestError(err.message, { cause: err });
      throw new UpstreamError(`evidence store could not return chunk set ${sha256}`, { cause: err });
    }
    this.sets.set(sha256, set, textBytes(set.chunks));
    return set;
  }
}

function corpusKey(selections: readonly ChunkSetSelection[]): string {
  const hash = createHash('sha256');
  for (const s of selections) {
    hash.update(`${s.chunkSet.sha256}|${s.domSnapshot.sha256}|${s.logRecordId}|`);
    hash.update(s.chunkIds ? s.chunkIds.join(',') : '*');
    hash.update('\n');
  }
  return hash.digest('hex');
}

/**
 * Heap a corpus holds once retrieval has indexed it (token lists, token sets, postings): measured
 * at about 16 bytes per character of chunk text (20,000 chunks of 4 MB text: 64 MB).
 */
const INDEX_BYTES_PER_CHAR = 16;

function indexedBytes(chunks: readonly { text: string }[]): number {
  let chars = 0;
  for (const c of chunks) chars += c.text.length;
  return chars * INDEX_BYTES_PER_CHAR;
}

function textBytes(chunks: readonly { text: string }[]): number {
  let bytes = 0;
  for (const c of chunks) bytes += c.text.length * 2 + 200;
  return bytes;
}
