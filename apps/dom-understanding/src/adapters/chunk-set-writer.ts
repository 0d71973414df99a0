import { Inject, Injectable } from '@nestjs/common';
import type { ChunkSet, ChunkSetRef } from '@forage/contracts';
import { EvidenceStore, putChunkSet } from '@forage/evidence';
import { UpstreamError } from '@forage/messaging';

/** Stores a page's chunk set in the evidence store; the reply carries only its reference. */
@Injectable()
export class ChunkSetWriter {
  constructor(@Inject(EvidenceStore) private readonly store: EvidenceStore) {}

  async write(set: ChunkSet): Promise<ChunkSetRef> {
    try {
      return await putChunkSet(this.store, set);
    } catch (err) {
      throw new UpstreamError(`evidence store could not store the chunk set of ${set.url}`, { cause: err });
    }
  }
}
