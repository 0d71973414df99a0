import fc from 'fast-check';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import {
  commandContracts,
  consumeSubjectOf,
  deadLetterEvent,
  errorReplySchema,
  eventContracts,
  type Contract,
} from '@forage/contracts';
import { streams } from '@forage/messaging';
import { startInProcessStack, waitAllHealthy, type InProcessStack } from './support/stack.js';

const PER_SUBJECT = 200;
const encoder = new TextEncoder();

/**
 * Payloads that break the contract: random JSON values, JSON with random keys, objects whose
 * fields have the wrong types, and bytes that are not JSON at all. Each is checked to really be
 * invalid for the subject's schema before it is sent.
 */
function malformedPayloads(contract: Contract, seed: number): Uint8Array[] {
  const schema = contract.kind === 'command' ? contract.request : contract.payload;
  const json = fc.oneof(
    fc.anything({ maxDepth: 3 }),
    fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })),
    fc.record({
      runId: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
      url: fc.oneof(fc.webUrl(), fc.string()),
      question: fc.anything(),
    }),
  );
  const values = fc
    .sample(json, { numRuns: PER_SUBJECT * 10, seed })
    .filter((v) => {
      try {
        const text = toJson(v);
        return text !== undefined && !schema.safeParse(JSON.parse(text)).success;
      } catch {
        return false;
      }
    })
    .slice(0, PER_SUBJECT - 20)
    .map((v) => encoder.encode(JSON.stringify(v)));
  const garbage = fc
    .sample(fc.uint8Array({ minLength: 1, maxLength: 300 }), { numRuns: 20, seed: seed + 1 })
    .map((bytes) => Uint8Array.from([0x7b, ...bytes])); // a leading '{' and noise: never valid JSON
  return [...values, ...garbage];
}

describe('every subject refuses malformed input with a typed error and no service falls over', () => {
  let stack: InProcessStack;
  let nc: NatsConnection;

  beforeAll(async () => {
    stack = await startInProcessStack();
    await waitAllHealthy(stack.services);
    nc = await connect({ servers: stack.nats.url });
  }, 180_000);

  afterAll(async () => {
    await nc.close();
    await stack.stop();
  }, 60_000);

  it.each(commandContracts.map((c, i) => [c.subject, c, i] as const))(
    '%s answers 200 malformed requests with invalid_request',
    async (_subject, contract, i) => {
      const payloads = malformedPayloads(contract, 1000 + i);
      expect(payloads.length).toBeGreaterThanOrEqual(PER_SUBJECT);
      const replies = await Promise.all(
        payloads.map(async (p) => {
          const msg = await nc.request(contract.subject, p, { timeout: 10_000 });
          return errorReplySchema.parse(JSON.parse(new TextDecoder().decode(msg.data)));
        }),
      );
      for (const reply of replies) expect(reply.error.code).toBe('invalid_request');
    },
    60_000,
  );

  it.each(eventContracts.map((c, i) => [c.subject, c, i] as const))(
    '%s takes 200 malformed events without harm',
    async (_subject, contract, i) => {
      // durable events go through their stream; plain events (no stream) over core NATS
      // (a subject per producer, such as log.record.v1.<tool>, is sent on one producer's subject)
      const durable = Object.values(streams).some((s) =>
        (s.subjects as readonly string[]).includes(consumeSubjectOf(contract)),
      );
      const subject = contract.producerOf ? `${contract.subject}.search` : contract.subject;
      const js = jetstream(nc);
      for (const p of malformedPayloads(contract, 2000 + i)) {
        if (durable) await js.publish(subject, p);
        else nc.publish(subject, p);
      }
      await nc.flush();
    },
    60_000,
  );

  it('dead-letters the malformed durable events instead of retrying them', async () => {
    // run.start.v1 (orchestrator) and log.record.v1 (logging) have durable consumers; count the dead
    // letters by the stream they came from (garbage published straight to dlq.message.v1 has none)
    const js = jetstream(nc);
    const counts = new Map<string, number>();
    const deadline = Date.now() + 30_000;
    const wanted = (): boolean =>
      (counts.get(streams.runs.name) ?? 0) >= PER_SUBJECT &&
      (counts.get(streams.logs.name) ?? 0) >= PER_SUBJECT;
    while (!wanted() && Date.now() < deadline) {
      counts.clear();
      const consumer = await js.consumers.get(streams.deadLetters.name);
      const info = await consumer.info(true);
      const total = info.num_pending;
      for (let n = 0; n < total; n++) {
        const msg = await consumer.next({ expires: 2_000 });
        if (!msg) break;
        const parsed = deadLetterEvent.payload.safeParse(safeJson(msg.data));
        if (parsed.success) counts.set(parsed.data.stream, (counts.get(parsed.data.stream) ?? 0) + 1);
      }
      if (!wanted()) await new Promise((r) => setTimeout(r, 500));
    }
    expect(counts.get(streams.runs.name) ?? 0).toBeGreaterThanOrEqual(PER_SUBJECT);
    expect(counts.get(streams.logs.name) ?? 0).toBeGreaterThanOrEqual(PER_SUBJECT);
  }, 60_000);

  it('leaves every service healthy, having counted the invalid messages', async () => {
    await waitAllHealthy(stack.services, 10_000);
    for (const s of stack.services.filter(
      (x) => x.name !== 'gateway' && x.name !== 'orchestrator' && x.name !== 'logging',
    )) {
      const metrics = await (await fetch(`http://127.0.0.1:${s.opsPort}/metrics`)).text();
      expect(metrics).toMatch(
        new RegExp(
          `forage_handler_total\\{service="${s.name}",subject="[a-z.-]+v1",outcome="invalid"\\} [1-9]`,
        ),
      );
    }
  });
});

function safeJson(data: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(data));
  } catch {
    return undefined;
  }
}

/** JSON text of a value, or undefined for values JSON cannot hold (functions, symbols, undefined). */
function toJson(value: unknown): string | undefined {
  return JSON.stringify(value);
}
