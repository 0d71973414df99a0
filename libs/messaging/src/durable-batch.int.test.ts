import { Controller, Module } from '@nestjs/common';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { defineEvent } from '@forage/contracts';
import { z } from 'zod';
import { HandleEventBatch } from './decorators.js';
import type { BatchOutcome } from './durable-batch-consumer.js';
import { NotFoundError, UpstreamError } from './errors.js';
import type { Bus } from './bus.js';
import {
  readDeadLetters,
  startDurableTestService,
  waitFor,
  type DurableTestService,
} from './testing/durable.js';

const item = defineEvent({
  subject: 'test.batch-item.v1',
  description: 'a durable item handled in batches',
  payload: z.object({ id: z.string(), failTimes: z.number().int(), fatal: z.boolean() }),
});
const MAX_BATCH = 40;
const attempts = new Map<string, number>();
const done = new Set<string>();
const batchSizes: number[] = [];
let answerWrongShape = false;

@Controller()
class ItemHandler {
  @HandleEventBatch(item, {
    durable: { stream: 'TEST_BATCH', consumer: 'items', maxDeliver: 3, backoffMs: [50, 100], concurrency: 2 },
    maxBatch: MAX_BATCH,
  })
  handle(items: readonly z.infer<typeof item.payload>[]): Promise<BatchOutcome> {
    batchSizes.push(items.length);
    if (answerWrongShape) return Promise.resolve([]);
    return Promise.resolve(
      items.map((payload) => {
        const n = (attempts.get(payload.id) ?? 0) + 1;
        attempts.set(payload.id, n);
        if (payload.fatal) return new NotFoundError(`item ${payload.id} refers to nothing`);
        if (n <= payload.failTimes)
          return new UpstreamError(`item ${payload.id} failed attempt ${String(n)}`);
        done.add(payload.id);
        return undefined;
      }),
    );
  }
}

@Module({ controllers: [ItemHandler] })
class ItemModule {}

describe('durable batch handlers over JetStream', () => {
  let stack: DurableTestService;
  let nc: NatsConnection;
  let bus: Bus;

  beforeAll(async () => {
    stack = await startDurableTestService({
      module: ItemModule,
      stream: 'TEST_BATCH',
      subjects: [item.subject],
    });
    ({ nc, bus } = stack);
  });

  afterAll(() => stack.stop());

  it('hands what arrived to the handler in batches and settles each message by its own outcome', async () => {
    const ids = Array.from({ length: 300 }, (_, i) => `ok-${String(i)}`);
    await Promise.all([
      ...ids.map((id) => bus.publishDurable(item, { id, failTimes: 0, fatal: false }, { msgId: id })),
      bus.publishDurable(item, { id: 'flaky', failTimes: 1, fatal: false }, { msgId: 'flaky' }),
      bus.publishDurable(item, { id: 'fatal', failTimes: 0, fatal: true }, { msgId: 'fatal' }),
      // not the contract's shape: refused before the handler sees it
      jetstream(nc).publish(item.subject, JSON.stringify({ id: 7 }), { msgID: 'malformed' }),
    ]);
    await waitFor(() => ids.every((id) => done.has(id)) && done.has('flaky'), 15_000, 'all items handled');

    expect(Math.max(...batchSizes)).toBeGreaterThan(1);
    expect(Math.max(...batchSizes)).toBeLessThanOrEqual(MAX_BATCH);
    // the retried item came back alone; its batch-mates were acked and never handled again
    expect(attempts.get('flaky')).toBe(2);
    expect(ids.filter((id) => attempts.get(id) !== 1)).toEqual([]);

    const letters = await readDeadLetters(nc, 2);
    expect(letters.map((l) => l.reason).sort()).toEqual([
      expect.stringContaining('InvalidRequestError: test.batch-item.v1: request does not match its contract'),
      expect.stringContaining('NotFoundError: item fatal refers to nothing'),
    ]);
    expect(attempts.get('fatal')).toBe(1);
  });

  it('dead-letters (to be replayed) a batch whose handler does not return one outcome per item', async () => {
    answerWrongShape = true;
    await bus.publishDurable(item, { id: 'after-bug', failTimes: 0, fatal: false }, { msgId: 'after-bug' });
    // the letters stream is read from its start: the two of the test above come first
    const letters = await readDeadLetters(nc, 3);
    expect(letters.find((l) => l.body.includes('after-bug'))?.reason).toContain('one outcome per item');
    expect(done.has('after-bug')).toBe(false);
    answerWrongShape = false;
  });
});
