import type { Type } from '@nestjs/common';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { deadLetterEvent } from '@forage/contracts';
import { startTestNats } from '@forage/testing';
import type { z } from 'zod';
import { startService } from '../bootstrap.js';
import { Bus } from '../bus.js';
import { ensureStream } from '../jetstream.js';
import type { RunningNatsServer } from '../nats-server.js';

/** Test support for durable consumers: a service consuming a test stream, the dead letters written so far, a bounded wait. */

export type DeadLetter = z.infer<typeof deadLetterEvent.payload>;

/** Reads `count` dead letters (or what arrives within 10 s) with an ordered consumer. */
export async function readDeadLetters(nc: NatsConnection, count: number): Promise<DeadLetter[]> {
  const js = jetstream(nc);
  const out: DeadLetter[] = [];
  const deadline = Date.now() + 10_000;
  const consumer = await js.consumers.get('FORAGE_DLQ'); // one ordered consumer reads each letter once
  while (out.length < count && Date.now() < deadline) {
    const msg = await consumer.next({ expires: 1_000 });
    if (msg) out.push(deadLetterEvent.payload.parse(JSON.parse(new TextDecoder().decode(msg.data))));
  }
  return out;
}

export async function waitFor(check: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} not met in ${String(timeoutMs)} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A real nats-server, a test stream, a Nest service consuming it, and a client bus. */
export interface DurableTestService {
  readonly nats: RunningNatsServer;
  readonly nc: NatsConnection;
  readonly bus: Bus;
  stop(): Promise<void>;
}

export async function startDurableTestService(input: {
  /** The Nest module whose controllers hold the durable handlers. */
  readonly module: Type;
  readonly stream: string;
  readonly subjects: readonly string[];
}): Promise<DurableTestService> {
  const nats = await startTestNats();
  const nc = await connect({ servers: nats.url });
  await ensureStream(await jetstreamManager(nc), {
    name: input.stream,
    subjects: [...input.subjects],
    maxAgeMs: 60_000,
    duplicateWindowMs: 60_000,
  });
  const service = await startService({
    service: 'durable-test',
    module: input.module,
    natsUrl: nats.url,
    ops: { host: '127.0.0.1', port: 0 },
    logLevel: 'silent',
  });
  return {
    nats,
    nc,
    bus: new Bus(nc),
    async stop() {
      await service.stop();
      await nc.close();
      await nats.stop();
    },
  };
}
