import type {
  ChunkSetRef,
  ChunkSetSelection,
  ContentChunk,
  EvidenceRef,
  SourcedChunk,
} from '@forage/contracts';
import { getChunkSet, putChunkSet, type EvidenceStore } from '@forage/evidence';

/**
 * The chunk sets of one run attempt: what dom-understanding stored for each capture (by its DOM
 * snapshot), so the answer activity sends references instead of chunk bodies. Chunks whose set
 * is not known here (a run resumed from a checkpoint) are stored as a set of their own.
 */
export class RunChunkSets {
  private readonly byCapture = new Map<string, ChunkSetRef>();

  constructor(private readonly evidence: EvidenceStore) {}

  /** Reads a capture's stored chunks for the loop and remembers the set for later answers. */
  async load(domSnapshot: EvidenceRef, chunkSet: ChunkSetRef): Promise<ContentChunk[]> {
    this.byCapture.set(domSnapshot.sha256, chunkSet);
    return (await getChunkSet(this.evidence, chunkSet.ref)).chunks;
  }

  /** The chunks as references: one selection per capture, naming chunk ids only when part of a set is asked. */
  async selectionsOf(chunks: readonly SourcedChunk[]): Promise<ChunkSetSelection[]> {
    const groups = new Map<string, SourcedChunk[]>();
    for (const chunk of chunks) {
      const key = `${chunk.domSnapshot.sha256}|${chunk.logRecordId}`;
      const group = groups.get(key);
      if (group) group.push(chunk);
      else groups.set(key, [chunk]);
    }
    const selections: ChunkSetSelection[] = [];
    for (const group of groups.values()) {
      const [first] = group;
      if (!first) continue;
      const ids = group.map((c) => localId(c));
      const known = this.byCapture.get(first.domSnapshot.sha256);
      const set =
        known ??
        (await putChunkSet(this.evidence, {
          url: first.url,
          title: first.title,
          chunks: group.map((c, i) => ({
            id: ids[i] ?? c.chunkId,
            text: c.text,
            headingPath: c.headingPath,
            xpath: c.xpath,
          })),
        }));
      selections.push({
        chunkSet: set.ref,
        domSnapshot: first.domSnapshot,
        logRecordId: first.logRecordId,
        ...(set.count === ids.length ? {} : { chunkIds: ids }),
      });
    }
    return selections;
  }
}

/** The chunk's id within its set (the loop names it `<logRecordId>:<id>`). */
function localId(chunk: SourcedChunk): string {
  const prefix = `${chunk.logRecordId}:`;
  return chunk.chunkId.startsWith(prefix) ? chunk.chunkId.slice(prefix.length) : chunk.chunkId;
}
