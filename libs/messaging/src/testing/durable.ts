import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { deadLetterEvent } from '@forage/contracts';
import type { z } from 'zod';

/** Test support for durable consumers: the dead letters written so far, and a bounded wait. */

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
