import { Controller, Module } from '@nestjs/common';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { defineEvent } from '@forage/contracts';
import { startTestNats } from '@forage/testing';
import { z } from 'zod';
import { startService, type RunningService } from './bootstrap.js';
import { Bus } from './bus.js';
import { HandleEvent } from './decorators.js';
import { ensureStream } from './jetstream.js';
import type { RunningNatsServer } from './nats-server.js';

const longJob = defineEvent({
  subject: 'test.long.v1',
  description: 'a job that runs for several ack waits',
  payload: z.object({ id: z.string(), runMs: z.number().int() }),
});
const ACK_WAIT_MS = 1_000;
const deliveries = new Map<string, number>();
const finished: string[] = [];

@Controller()
class LongJobHandler {
  @HandleEvent(longJob, {
    durable: {
      stream: 'TEST_LONG',
      consumer: 'long',
      ackWaitMs: ACK_WAIT_MS,
      heartbeatMs: 250,
      concurrency: 2,
    },
  })
  async handle(payload: z.infer<typeof longJob.payload>): Promise<void> {
    deliveries.set(payload.id, (deliveries.get(payload.id) ?? 0) + 1);
    await new Promise((r) => setTimeout(r, payload.runMs));
    finished.push(payload.id);
  }
}

@Module({ controllers: [LongJobHandler] })
class LongJobModule {}

describe('durable handlers with heartbeats', () => {
  let nats: RunningNatsServer;
  let service: RunningService;
  let nc: NatsConnection;

  beforeAll(async () => {
    nats = await startTestNats();
    nc = await connect({ servers: nats.url });
    await ensureStream(await jetstreamManager(nc), {
      name: 'TEST_LONG',
      subjects: [longJob.subject],
      maxAgeMs: 60_000,
      duplicateWindowMs: 60_000,
    });
    service = await startService({
      service: 'long-jobs',
      module: LongJobModule,
      natsUrl: nats.url,
      ops: { host: '127.0.0.1', port: 0 },
      logLevel: 'silent',
    });
  });

  afterAll(async () => {
    await service.stop();
    await nc.close();
    await nats.stop();
  });

  it('keeps a message that runs for four ack waits from being redelivered while it runs', async () => {
    await new Bus(nc).publishDurable(longJob, { id: 'long', runMs: 4 * ACK_WAIT_MS }, { msgId: 'long' });
    while (!finished.includes('long')) await new Promise((r) => setTimeout(r, 50));
    // a redelivery would have started a second handler call while the first was still running
    await new Promise((r) => setTimeout(r, 2 * ACK_WAIT_MS));
    expect(deliveries.get('long')).toBe(1);
  });
});
