import { Controller, Module } from '@nestjs/common';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { defineEvent } from '@forage/contracts';
import { startTestNats } from '@forage/testing';
import { z } from 'zod';
import { startService, type RunningService } from './bootstrap.js';
import { HandleEvent } from './decorators.js';
import { ensureStream } from './jetstream.js';
import type { RunningNatsServer } from './nats-server.js';
import { streams } from './streams.js';

const strictJob = defineEvent({
  subject: 'test.strict.v1',
  description: 'a durable job that accepts only a number',
  payload: z.object({ n: z.number() }),
});
const ACK_WAIT_MS = 300;
let handled = 0;

@Controller()
class StrictHandler {
  @HandleEvent(strictJob, {
    durable: { stream: 'TEST_STRICT', consumer: 'strict', maxDeliver: 5, ackWaitMs: ACK_WAIT_MS },
  })
  handle(): void {
    handled += 1;
  }
}

@Module({ controllers: [StrictHandler] })
class StrictModule {}

describe('dead-lettering on nats-server 2.9', () => {
  let nats: RunningNatsServer;
  let service: RunningService;
  let nc: NatsConnection;

  beforeAll(async () => {
    nats = await startTestNats();
    nc = await connect({ servers: nats.url });
    await ensureStream(await jetstreamManager(nc), {
      name: 'TEST_STRICT',
      subjects: [strictJob.subject],
      maxAgeMs: 60_000,
      duplicateWindowMs: 60_000,
    });
    service = await startService({
      service: 'strict',
      module: StrictModule,
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

  it('writes exactly one dead letter for a malformed message, however long it stays around', async () => {
    const jsm = await jetstreamManager(nc);
    nc.publish(strictJob.subject, '{"n":"not a number"}');
    await nc.flush();
    await waitFor(async () => (await jsm.streams.info(streams.deadLetters.name)).state.messages >= 1);
    // Long enough for several ack waits: a message whose TERM was ignored would be redelivered
    // (and dead-lettered again) in this time; the consumer must also show nothing pending.
    await new Promise((r) => setTimeout(r, ACK_WAIT_MS * 6));
    const consumer = await jsm.consumers.info('TEST_STRICT', 'strict');
    expect(consumer.num_ack_pending).toBe(0);
    expect(consumer.num_pending).toBe(0);
    expect((await jsm.streams.info(streams.deadLetters.name)).state.messages).toBe(1);
    expect(handled).toBe(0);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
