import { Controller, Module } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { defineEvent } from '@forage/contracts';
import { z } from 'zod';
import { HandleEvent } from './decorators.js';
import { NotFoundError, UpstreamError } from './errors.js';
import type { Bus } from './bus.js';
import {
  readDeadLetters,
  startDurableTestService,
  waitFor,
  type DurableTestService,
} from './testing/durable.js';

const job = defineEvent({
  subject: 'test.job.v1',
  description: 'a durable job',
  payload: z.object({ id: z.string(), failTimes: z.number().int(), fatal: z.boolean() }),
});
const attempts = new Map<string, number>();
const done: string[] = [];

@Controller()
class JobHandler {
  @HandleEvent(job, {
    durable: { stream: 'TEST_JOBS', consumer: 'jobs', maxDeliver: 3, backoffMs: [50, 100] },
  })
  handle(payload: z.infer<typeof job.payload>): void {
    const n = (attempts.get(payload.id) ?? 0) + 1;
    attempts.set(payload.id, n);
    if (payload.fatal) throw new NotFoundError(`job ${payload.id} refers to nothing`);
    if (n <= payload.failTimes) throw new UpstreamError(`job ${payload.id} failed attempt ${n}`);
    done.push(payload.id);
  }
}

@Module({ controllers: [JobHandler] })
class JobModule {}

describe('durable handlers over JetStream', () => {
  let stack: DurableTestService;
  let nc: NatsConnection;
  let bus: Bus;

  beforeAll(async () => {
    stack = await startDurableTestService({
      module: JobModule,
      stream: 'TEST_JOBS',
      subjects: [job.subject],
    });
    ({ nc, bus } = stack);
  });

  afterAll(() => stack.stop());

  it('retries a retryable failure with backoff until it succeeds', async () => {
    await bus.publishDurable(job, { id: 'flaky', failTimes: 2, fatal: false }, { msgId: 'flaky' });
    await waitFor(() => done.includes('flaky'));
    expect(attempts.get('flaky')).toBe(3);
  });

  it('stores a message published twice with one id once, and handles it once', async () => {
    const first = await bus.publishDurable(
      job,
      { id: 'once', failTimes: 0, fatal: false },
      { msgId: 'once' },
    );
    const second = await bus.publishDurable(
      job,
      { id: 'once', failTimes: 0, fatal: false },
      { msgId: 'once' },
    );
    expect(second).toEqual({ seq: first.seq, duplicate: true });
    await waitFor(() => done.includes('once'));
    await new Promise((r) => setTimeout(r, 200));
    expect(attempts.get('once')).toBe(1);
  });

  it('dead-letters a non-retryable failure after one attempt, and an exhausted one after maxDeliver', async () => {
    await bus.publishDurable(job, { id: 'fatal', failTimes: 0, fatal: true }, { msgId: 'fatal' });
    await bus.publishDurable(job, { id: 'hopeless', failTimes: 99, fatal: false }, { msgId: 'hopeless' });
    const letters = await readDeadLetters(nc, 2);
    expect(
      letters
        .map((l) => JSON.parse(l.body) as { id: string })
        .map((b) => b.id)
        .sort(),
    ).toEqual(['fatal', 'hopeless']);
    expect(attempts.get('fatal')).toBe(1);
    expect(attempts.get('hopeless')).toBe(3);
    expect(letters.find((l) => l.body.includes('hopeless'))?.reason).toContain('out of deliveries after 3');
  });
});
