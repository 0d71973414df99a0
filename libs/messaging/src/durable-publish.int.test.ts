import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, errors, type NatsConnection } from '@nats-io/transport-node';
import { defineEvent } from '@forage/contracts';
import { z } from 'zod';
import { Bus } from './bus.js';
import { isTransientPublishError, retryTransient } from './durable-publish.js';
import { UpstreamError } from './errors.js';
import { ensureStream } from './jetstream.js';
import { launchNatsServer, type RunningNatsServer } from './nats-server.js';

const step = defineEvent({
  subject: 'test.step.v1',
  description: 'a durable step record',
  payload: z.object({ id: z.string() }),
});

/** A Bus whose JetStream publishes are counted (the real connection does the work). */
function countingBus(nc: NatsConnection): { bus: Bus; sent: () => number } {
  let sent = 0;
  const counting = new Proxy(nc, {
    get(target, prop, receiver) {
      if (prop === 'request') {
        return (...args: Parameters<NatsConnection['request']>) => {
          if (args[0] === step.subject) sent += 1;
          return target.request(...args);
        };
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  return { bus: new Bus(counting, { timeoutMs: 2_000 }), sent: () => sent };
}

async function until(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('durable publish across a nats-server restart', () => {
  const store = mkdtempSync(join(tmpdir(), 'forage-durable-pub-'));
  let nats: RunningNatsServer;
  let nc: NatsConnection;

  beforeAll(async () => {
    nats = await launchNatsServer({ storeDir: store });
    nc = await connect({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 100 });
    await ensureStream(await jetstreamManager(nc), {
      name: 'TEST_STEPS',
      subjects: [step.subject],
      maxAgeMs: 60_000,
      duplicateWindowMs: 60_000,
    });
  });

  afterAll(async () => {
    await nc.close();
    await nats.stop();
    rmSync(store, { recursive: true, force: true });
  });

  it('a publish made while the server is down is stored once when it comes back, inside the bound', async () => {
    const port = nats.port;
    const monitorPort = Number(new URL(nats.monitorUrl).port);
    await nats.stop();
    const { bus, sent } = countingBus(nc);
    const published = bus.publishDurable(step, { id: 'a' }, { msgId: 'step-a', retryForMs: 60_000 });
    // it failed at least once against the missing server before the server returns
    await until(() => sent() >= 2, 'a retried publish');
    nats = await launchNatsServer({ storeDir: store, port, monitorPort });
    const ack = await published;
    expect(ack.duplicate).toBe(false);
    // the same msgId again (an ack lost to a timeout, then retried) is dropped by the stream
    const again = await bus.publishDurable(step, { id: 'a' }, { msgId: 'step-a' });
    expect(again).toMatchObject({ seq: ack.seq, duplicate: true });
    const info = await (await jetstreamManager(nc)).streams.info('TEST_STEPS');
    expect(info.state.messages).toBe(1);
  }, 90_000);

  it('gives up with UpstreamError once the bound has passed', async () => {
    const { bus, sent } = countingBus(nc);
    // no stream takes this subject: JetStream never answers, every attempt is "no responders"
    const orphan = defineEvent({ subject: 'test.orphan.v1', description: 'x', payload: z.object({}) });
    const failure = bus.publishDurable(orphan, {}, { msgId: 'o', retryForMs: 1_000 });
    await expect(failure).rejects.toBeInstanceOf(UpstreamError);
    await expect(failure).rejects.toThrow(/JetStream did not store the message/);
    expect(sent()).toBe(0); // counted only test.step.v1
  });
});

describe('which publish failures are retried', () => {
  it('retries no responders, timeouts and connection errors; not closed connections or API refusals', async () => {
    const noResponders = new errors.RequestError('no responders', {
      cause: new errors.NoRespondersError('x'),
    });
    expect(isTransientPublishError(noResponders)).toBe(true);
    expect(isTransientPublishError(new Error('wrapped', { cause: noResponders }))).toBe(true);
    expect(isTransientPublishError(new errors.TimeoutError())).toBe(true);
    expect(isTransientPublishError(new errors.ConnectionError('disconnected'))).toBe(true);
    expect(isTransientPublishError(new errors.RequestError('connection closed'))).toBe(false);
    expect(isTransientPublishError(new errors.ClosedConnectionError())).toBe(false);
    expect(isTransientPublishError(new Error('invalid ack response'))).toBe(false);

    let calls = 0;
    await expect(
      retryTransient(
        () => {
          calls++;
          return Promise.reject(new errors.ClosedConnectionError());
        },
        { retryForMs: 10_000 },
      ),
    ).rejects.toBeInstanceOf(errors.ClosedConnectionError);
    expect(calls).toBe(1);
    const flaky = await retryTransient(
      () => (++calls < 4 ? Promise.reject(new errors.TimeoutError()) : Promise.resolve('stored')),
      { retryForMs: 10_000 },
    );
    expect(flaky).toEqual({ value: 'stored', attempts: 3 });
  });
});
