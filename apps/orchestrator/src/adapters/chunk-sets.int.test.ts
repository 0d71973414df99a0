import { randomBytes, randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { sourcedChunkId, type SourcedChunk } from '@forage/contracts';
import { EvidenceStore, getChunkSet, parseEvidenceKey, putChunkSet } from '@forage/evidence';
import type { RunningNatsServer } from '@forage/messaging';
import { anEvidenceRef, startTestNats } from '@forage/testing';
import { RunChunkSets } from './chunk-sets.js';

describe('RunChunkSets', () => {
  let nats: RunningNatsServer;
  let nc: NatsConnection;
  let store: EvidenceStore;

  beforeAll(async () => {
    nats = await startTestNats();
    nc = await connect({ servers: nats.url });
    store = await EvidenceStore.open(nc, {
      key: parseEvidenceKey(randomBytes(32).toString('hex')),
      retentionMs: 3_600_000,
    });
  });

  afterAll(async () => {
    await nc.close();
    await nats.stop();
  });

  const url = 'http://127.0.0.1:8080/wiki/Veloria';
  const chunks = [
    {
      id: 'c1',
      text: 'Capital: Portavel',
      headingPath: ['Veloria'],
      xpath: '/html[1]/body[1]/table[1]/tr[1]',
    },
    {
      id: 'c2',
      text: 'Population: 1,234,567',
      headingPath: ['Veloria'],
      xpath: '/html[1]/body[1]/table[1]/tr[2]',
    },
  ];

  function sourced(logRecordId: string, domSnapshot = anEvidenceRef()): SourcedChunk[] {
    return chunks.map((c) => ({
      chunkId: sourcedChunkId({ logRecordId, chunkId: c.id }),
      url,
      title: 'Veloria',
      text: c.text,
      headingPath: c.headingPath,
      xpath: c.xpath,
      domSnapshot,
      logRecordId,
    }));
  }

  it("loads a capture's chunks and names its set again, whole or in part", async () => {
    const sets = new RunChunkSets(store);
    const domSnapshot = anEvidenceRef();
    const logRecordId = randomUUID();
    const chunkSet = await putChunkSet(store, { url, title: 'Veloria', chunks });
    expect(await sets.load(domSnapshot, chunkSet)).toEqual(chunks);
    const all = sourced(logRecordId, domSnapshot);
    expect(await sets.selectionsOf(all)).toEqual([{ chunkSet: chunkSet.ref, domSnapshot, logRecordId }]);
    expect(await sets.selectionsOf(all.slice(1))).toEqual([
      { chunkSet: chunkSet.ref, domSnapshot, logRecordId, chunkIds: ['c2'] },
    ]);
  });

  it('stores chunks whose set it does not know (a resumed run) as a set of their own', async () => {
    const sets = new RunChunkSets(store);
    const logRecordId = randomUUID();
    const [selection, ...rest] = await sets.selectionsOf(sourced(logRecordId));
    expect(rest).toEqual([]);
    if (!selection) throw new Error('no selection');
    expect(selection).toMatchObject({ logRecordId, chunkSet: { kind: 'chunk_set' } });
    expect(selection.chunkIds).toBeUndefined();
    expect(await getChunkSet(store, selection.chunkSet)).toEqual({ url, title: 'Veloria', chunks });
  });
});
