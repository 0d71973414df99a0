import { sourcedChunkId, type ChunkSetSelection, type SourcedChunk } from '@forage/contracts';
import { putChunkSet, type EvidenceStore } from '@forage/evidence';

/**
 * Stores chunks the way dom-understanding does (one set per capture) and returns the references
 * an answer request carries, with the chunks as processing reads them back (chunkId =
 * `sourcedChunkId`).
 */
export async function storeChunkSets(
  store: EvidenceStore,
  chunks: readonly SourcedChunk[],
): Promise<{ chunkSets: ChunkSetSelection[]; chunks: SourcedChunk[] }> {
  const groups = new Map<string, SourcedChunk[]>();
  for (const c of chunks) {
    const key = `${c.url}|${c.domSnapshot.sha256}|${c.logRecordId}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const chunkSets: ChunkSetSelection[] = [];
  const read: SourcedChunk[] = [];
  for (const group of groups.values()) {
    const [first] = group;
    if (!first) continue;
    const set = await putChunkSet(store, {
      url: first.url,
      title: first.title,
      chunks: group.map((c) => ({ id: c.chunkId, text: c.text, headingPath: c.headingPath, xpath: c.xpath })),
    });
    chunkSets.push({ chunkSet: set.ref, domSnapshot: first.domSnapshot, logRecordId: first.logRecordId });
    read.push(
      ...group.map((c) => ({
        ...c,
        chunkId: sourcedChunkId({ logRecordId: c.logRecordId, chunkId: c.chunkId }),
      })),
    );
  }
  return { chunkSets, chunks: read };
}
