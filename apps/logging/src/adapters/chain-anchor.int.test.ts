import { connect, type NatsConnection } from '@nats-io/transport-node';
import { startTestNats, type TestNats } from '@forage/testing';
import { ChainAnchor } from './chain-anchor.js';

const hashOf = (seq: number): string => seq.toString(16).padStart(64, '0');

describe('ChainAnchor (real nats-server KV)', () => {
  let nats: TestNats;
  let nc: NatsConnection;

  beforeAll(async () => {
    nats = await startTestNats();
    nc = await connect({ servers: nats.url });
  });

  afterAll(async () => {
    await nc.close();
    await nats.stop();
  });

  it('releases every caller once its position is written, under appends that never pause', async () => {
    const anchor = await ChainAnchor.open({ nc, replicas: 1 });
    const advances: Promise<void>[] = [];
    for (let seq = 1; seq <= 400; seq++) {
      advances.push(anchor.advance('head', { seq, hash: hashOf(seq) }));
      if (seq % 40 === 0) await new Promise((r) => setImmediate(r));
    }
    await Promise.all(advances);
    expect(await anchor.read('head')).toEqual({ seq: 400, hash: hashOf(400) });
  });

  it('never moves a position back when two replicas write it, also with a stale cached revision', async () => {
    const [a, b] = await Promise.all([
      ChainAnchor.open({ nc, replicas: 1 }),
      ChainAnchor.open({ nc, replicas: 1 }),
    ]);
    await a.advance('verified', { seq: 10, hash: hashOf(10) });
    await b.advance('verified', { seq: 20, hash: hashOf(20) });
    // `a` still holds the revision of its own write: its update must fail, read, and leave 20 alone
    await a.advance('verified', { seq: 15, hash: hashOf(15) });
    expect(await b.read('verified')).toEqual({ seq: 20, hash: hashOf(20) });
    await a.advance('verified', { seq: 30, hash: hashOf(30) });
    expect(await b.read('verified')).toEqual({ seq: 30, hash: hashOf(30) });
  });
});
