import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Controller, Module } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { z } from 'zod';
import { defineCommand } from '@forage/contracts';
import { Bus } from './bus.js';
import { startService, type RunningService } from './bootstrap.js';
import { decodeJson, encodeJson } from './codec.js';
import { HandleCommand } from './decorators.js';
import { ServiceUnavailableError } from './errors.js';
import { launchNatsServer, type RunningNatsServer } from './nats-server.js';

const late = defineCommand({
  subject: 'test.late.v1',
  description: 'answered by a responder that starts after the request',
  request: z.object({ n: z.number() }),
  reply: z.object({ n: z.number() }),
});
const ping = defineCommand({
  subject: 'test.ping.v1',
  description: 'ping',
  request: z.object({}),
  reply: z.object({ pong: z.boolean() }),
});

@Controller()
class PingHandler {
  @HandleCommand(ping)
  ping(): z.infer<typeof ping.reply> {
    return { pong: true };
  }
}

@Module({ controllers: [PingHandler] })
class PingModule {}

/** A Bus whose connection counts the requests it sends (the real connection does the work). */
function countingBus(nc: NatsConnection, timeoutMs: number): { bus: Bus; sent: () => number } {
  let sent = 0;
  const counting = new Proxy(nc, {
    get(target, prop, receiver) {
      if (prop === 'request') {
        return (...args: Parameters<NatsConnection['request']>) => {
          sent += 1;
          return target.request(...args);
        };
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  return { bus: new Bus(counting, { timeoutMs }), sent: () => sent };
}

async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function health(
  port: number,
): Promise<{ status: number; body: { checks?: Record<string, { ok: boolean; detail?: string }> } }> {
  const res = await fetch(`http://127.0.0.1:${port}/health`);
  return {
    status: res.status,
    body: (await res.json()) as { checks?: Record<string, { ok: boolean; detail?: string }> },
  };
}

describe('start order and outages over a real nats-server', () => {
  const store = mkdtempSync(join(tmpdir(), 'forage-avail-'));
  let nats: RunningNatsServer;
  let nc: NatsConnection;

  beforeAll(async () => {
    nats = await launchNatsServer({ storeDir: store });
    nc = await connect({ servers: nats.url });
  });

  afterAll(async () => {
    await nc.close();
    await nats.stop();
    rmSync(store, { recursive: true, force: true });
  });

  it('a request to a subject with no responder waits for one to start instead of failing', async () => {
    const { bus, sent } = countingBus(nc, 20_000);
    const reply = bus.request(late, { n: 41 });
    // the first attempt found nobody and a retry went out: only now does the responder start
    await until(() => sent() >= 2, 'a retry after no responders');
    const responder = nc.subscribe(late.subject, {
      callback: (_err, msg) => {
        const { n } = decodeJson(msg.data) as { n: number };
        msg.respond(encodeJson({ n: n + 1 }));
      },
    });
    await expect(reply).resolves.toEqual({ n: 42 });
    responder.unsubscribe();
  });

  it('fails at once with ServiceUnavailableError when waiting is turned off', async () => {
    const { bus, sent } = countingBus(nc, 20_000);
    await expect(bus.request(late, { n: 1 }, { waitForResponders: false })).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
    expect(sent()).toBe(1);
  });

  it('gives up within its timeout when no responder ever comes', async () => {
    const { bus, sent } = countingBus(nc, 600);
    const failure = bus.request(late, { n: 1 });
    await expect(failure).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(failure).rejects.toThrow(/no service is listening \(waited 600 ms for one\)/);
    expect(sent()).toBeGreaterThan(1);
  });
});

describe('/health while nats-server is down', () => {
  const store = mkdtempSync(join(tmpdir(), 'forage-outage-'));
  let nats: RunningNatsServer;
  let service: RunningService;

  beforeAll(async () => {
    nats = await launchNatsServer({ storeDir: store });
    service = await startService({
      service: 'pinger',
      module: PingModule,
      natsUrl: nats.url,
      ops: { host: '127.0.0.1', port: 0 },
      logLevel: 'silent',
    });
  });

  afterAll(async () => {
    await service.stop();
    await nats.stop();
    rmSync(store, { recursive: true, force: true });
  });

  it('answers 503 naming NATS during the outage, stays live, and recovers when the server is back', async () => {
    const up = await health(service.opsPort);
    expect(up.status).toBe(200);
    expect(up.body.checks?.['nats']).toMatchObject({ ok: true });

    const port = nats.port;
    const monitorPort = Number(new URL(nats.monitorUrl).port);
    await nats.stop();
    await until(async () => (await health(service.opsPort)).status === 503, '/health to fail');
    const down = await health(service.opsPort);
    expect(down.body.checks?.['nats']?.ok).toBe(false);
    expect(down.body.checks?.['nats']?.detail).toMatch(/disconnected|no answer|closed|stale/);
    expect((await fetch(`http://127.0.0.1:${service.opsPort}/live`)).status).toBe(200);

    nats = await launchNatsServer({ storeDir: store, port, monitorPort });
    await until(async () => (await health(service.opsPort)).status === 200, '/health to recover');
    const nc = await connect({ servers: nats.url });
    try {
      await expect(new Bus(nc, { timeoutMs: 10_000 }).request(ping, {})).resolves.toEqual({ pong: true });
    } finally {
      await nc.close();
    }
  }, 60_000);
});
