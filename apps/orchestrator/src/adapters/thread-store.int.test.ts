import { randomUUID } from 'node:crypto';
import { Kvm } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { threadStore, type ThreadTurn } from '@forage/contracts';
import { Bus, type RunningNatsServer } from '@forage/messaging';
import { startTestNats } from '@forage/testing';
import type { OrchestratorConfig } from '../config.js';
import { ThreadStore } from './thread-store.js';

const turn = (n: number, runId = randomUUID()): ThreadTurn => ({
  runId,
  turn: n,
  asked: `question ${String(n)}`,
  question: `question ${String(n)}`,
  subjects: ['Velmoria'],
  answer: `answer ${String(n)}`,
  items: [],
  at: new Date().toISOString(),
});

/** A thread's turns through the real KV bucket, as two orchestrator instances would write them. */
describe('thread turns in JetStream KV', () => {
  let nats: RunningNatsServer;
  let nc: NatsConnection;
  const config = { ORCH_THREAD_TTL_DAYS: 1 } as OrchestratorConfig;
  const open = async (): Promise<ThreadStore> => {
    const store = new ThreadStore(new Bus(nc), config);
    await store.onModuleInit();
    return store;
  };

  beforeAll(async () => {
    nats = await startTestNats();
    nc = await connect({ servers: nats.url });
  });
  afterAll(async () => {
    await nc.close();
    await nats.stop();
  });

  it('a new thread has no turns; recorded turns come back oldest first, to another instance too', async () => {
    const threadId = randomUUID();
    const a = await open();
    expect(await a.turns(threadId)).toEqual([]);
    const first = turn(1);
    await a.record(threadId, first);
    await a.record(threadId, turn(2));
    const b = await open();
    expect((await b.turns(threadId)).map((t) => t.turn)).toEqual([1, 2]);
    expect((await b.turns(threadId))[0]).toEqual(first);
  });

  it('two runs of a thread finishing together both keep their turn (compare-and-set)', async () => {
    const threadId = randomUUID();
    const [a, b] = [await open(), await open()];
    await Promise.all([
      a.record(threadId, turn(1)),
      b.record(threadId, turn(2)),
      a.record(threadId, turn(3)),
    ]);
    expect((await b.turns(threadId)).map((t) => t.turn)).toEqual([1, 2, 3]);
  });

  it('a redelivered run replaces its own turn instead of adding one', async () => {
    const threadId = randomUUID();
    const store = await open();
    const runId = randomUUID();
    await store.record(threadId, turn(1, runId));
    await store.record(threadId, { ...turn(1, runId), answer: 'the answer of the second delivery' });
    expect(await store.turns(threadId)).toEqual([
      expect.objectContaining({ answer: 'the answer of the second delivery' }),
    ]);
  });

  it(`keeps the latest ${String(threadStore.maxTurns)} turns, and ignores an entry that does not parse`, async () => {
    const threadId = randomUUID();
    const store = await open();
    for (let n = 1; n <= threadStore.maxTurns + 2; n++) await store.record(threadId, turn(n));
    const kept = await store.turns(threadId);
    expect(kept).toHaveLength(threadStore.maxTurns);
    expect(kept[0]?.turn).toBe(3);
    const broken = randomUUID();
    await (await new Kvm(nc).open(threadStore.bucket)).put(broken, '{"threadId":"nope"}');
    expect(await store.turns(broken)).toEqual([]);
    await store.record(broken, turn(1));
    expect((await store.turns(broken)).map((t) => t.turn)).toEqual([1]);
  });
});
