import {
  CHUNK_SET_CONTENT_TYPE,
  chunkSetSchema,
  type ChunkSet,
  type ChunkSetRef,
  type EvidenceRef,
} from '@forage/contracts';
import type { EvidenceStore } from './store.js';

export class ChunkSetInvalidError extends Error {
  override readonly name = 'ChunkSetInvalidError';
}

/** Stores a page's chunk set (JSON) under its sha256; the same chunks of the same page are stored once. */
export async function putChunkSet(store: EvidenceStore, set: ChunkSet): Promise<ChunkSetRef> {
  const ref = await store.put({
    kind: 'chunk_set',
    contentType: CHUNK_SET_CONTENT_TYPE,
    data: Buffer.from(JSON.stringify(set), 'utf8'),
  });
  return { ref: { ...ref, kind: 'chunk_set' }, count: set.chunks.length };
}

/** Reads a chunk set by reference and checks it against its schema (a wrong kind of evidence is refused). */
export async function getChunkSet(store: EvidenceStore, ref: Pick<EvidenceRef, 'sha256'>): Promise<ChunkSet> {
  const text = await store.getText(ref);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ChunkSetInvalidError(`evidence ${ref.sha256} is not a chunk set (not JSON)`, { cause: err });
  }
  const parsed = chunkSetSchema.safeParse(json);
  if (!parsed.success)
    throw new ChunkSetInvalidError(
      `evidence ${ref.sha256} is not a chunk set: ${parsed.error.message.slice(0, 300)}`,
    );
  return parsed.data;
}
