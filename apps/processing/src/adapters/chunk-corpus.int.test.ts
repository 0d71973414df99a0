import { randomBytes, randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { ChunkSetSelection } from '@forage/contracts';
import { EvidenceStore, parseEvidenceKey, putChunkSet } from '@forage/evidence';
import type { RunningNatsServer } from '@forage/messaging';
import { anEvidenceRef, startTestNats } from '@forage/testing';
import { loadProcessingConfig } from '../config.js';
import { ChunkCorpus } from './chunk-corpus.js';

describe('ChunkCorpus', () => {
  let nats: RunningNatsServer;
  let nc: NatsConnection;
  let store: EvidenceStore;
  const key = randomBytes(32).toString('hex');
  const corpus = (cacheMb: number) =>
    new ChunkCorpus(
      store,
      loadProcessingConfig({ FORAGE_EVIDENCE_KEY: key, PROCESSING_CHUNK_CACHE_MB: String(cacheMb) }),
    );

  beforeAll(async () => {
    nats = await startTestNats();
    nc = await connect({ servers: nats.url });
    store = await EvidenceStore.open(nc, { key: parseEvidenceKey(key), retentionMs: 3_600_000 });
  });

  afterAll(async () => {
    await nc.close();
    await nats.stop();
  });

  async function selection(text: string, size = 1): Promise<ChunkSetSelection> {
    const set = await putChunkSet(store, {
      url: 'http://127.0.0.1:8080/page',
      title: 'A page',
      chunks: Array.from({ length: size }, (_, i) => ({
        id: `c${String(i + 1)}`,
        text: `${text} ${String(i)}`,
        headingPath: [],
        xpath: `/html[1]/body[1]/p[${String(i + 1)}]`,
      })),
    });
    return { chunkSet: set.ref, domSnapshot: anEvidenceRef(), logRecordId: randomUUID() };
  }

  it('gives the same selection the same chunk array (so its index is built once), another selection another', async () => {
    const chunks = corpus(16);
    const a = await selection('Veloria has 1,234,567 inhabitants.', 3);
    const first = await chunks.chunksOf([a]);
    expect(await chunks.chunksOf([a])).toBe(first);
    expect(first.map((c) => c.chunkId)).toEqual(['c1', 'c2', 'c3'].map((id) => `${a.logRecordId}:${id}`));
    const part = await chunks.chunksOf([{ ...a, chunkIds: ['c2'] }]);
    expect(part).not.toBe(first);
    expect(part.map((c) => c.text)).toEqual(['Veloria has 1,234,567 inhabitants. 1']);
  });

  it('forgets the least recently used selections beyond its memory bound', async () => {
    // 1 MB: a corpus of ~40,000 characters is charged ~640 KB with its index, so two do not fit
    const chunks = corpus(1);
    const big = 'x'.repeat(1_000);
    const a = await selection(`first ${big}`, 40);
    const b = await selection(`second ${big}`, 40);
    const first = await chunks.chunksOf([a]);
    await chunks.chunksOf([b]);
    expect(await chunks.chunksOf([a])).not.toBe(first);
  });
});
