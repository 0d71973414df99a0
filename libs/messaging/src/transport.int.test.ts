import { Controller, Module } from '@nestjs/common';
import { z } from 'zod';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { defineCommand, defineEvent } from '@forage/contracts';
import { startTestNats } from '@forage/testing';
import type { RunningNatsServer } from './nats-server.js';
import { Bus } from './bus.js';
import { HandleCommand, HandleEvent } from './decorators.js';
import { startService, type RunningService } from './bootstrap.js';
import {
  InvalidRequestError,
  NotFoundError,
  RemoteError,
  ServiceUnavailableError,
  UpstreamError,
} from './errors.js';
import { encodeJson, decodeJson } from './codec.js';
import { currentContext } from '@forage/observability';

const echo = defineCommand({
  subject: 'test.echo.v1',
  description: 'echo',
  request: z.object({
    text: z.string().min(1),
    fail: z.enum(['none', 'not_found', 'upstream', 'crash']).default('none'),
  }),
  reply: z.object({ text: z.string(), traceId: z.string() }),
});
const broken = defineCommand({
  subject: 'test.broken.v1',
  description: 'replies outside its contract',
  request: z.object({}),
  reply: z.object({ n: z.number() }),
});
const noted = defineEvent({
  subject: 'test.noted.v1',
  description: 'durable',
  payload: z.object({ id: z.string(), fail: z.boolean() }),
});
const received: string[] = [];

@Controller()
class EchoHandler {
  @HandleCommand(echo)
  echo(req: z.infer<typeof echo.request>): z.infer<typeof echo.reply> {
    if (req.fail === 'not_found') throw new NotFoundError('no such thing');
    if (req.fail === 'upstream') throw new UpstreamError('page did not load');
    if (req.fail === 'crash') throw new TypeError('bug');
    return { text: req.text, traceId: currentContext()?.traceId ?? '' };
  }

  @HandleCommand(broken)
  broken(): unknown {
    return { n: 'not a number' };
  }

  @HandleEvent(noted)
  noted(payload: z.infer<typeof noted.payload>): void {
    received.push(payload.id);
  }
}

@Module({ controllers: [EchoHandler] })
class EchoModule {}

describe('ForageTransport and Bus over a real nats-server', () => {
  let nats: RunningNatsServer;
  let service: RunningService;
  let nc: NatsConnection;
  let bus: Bus;

  beforeAll(async () => {
    nats = await startTestNats();
    service = await startService({
      service: 'echo',
      module: EchoModule,
      natsUrl: nats.url,
      ops: { host: '127.0.0.1', port: 0 },
      logLevel: 'silent',
    });
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 2_000 });
  });

  afterAll(async () => {
    await nc.close();
    await service.stop();
    await nats.stop();
  });

  it('answers a valid request with the validated reply and propagates a trace id', async () => {
    const reply = await bus.request(echo, { text: 'hello' });
    expect(reply.text).toBe('hello');
    expect(reply.traceId).toMatch(/^[a-f0-9]{32}$/);
  });

  it('rejects an invalid request on the caller side before sending it', async () => {
    await expect(bus.request(echo, { text: '' })).rejects.toBeInstanceOf(InvalidRequestError);
  });

  it('answers a raw invalid payload with a typed invalid_request error naming the field', async () => {
    const msg = await nc.request(echo.subject, encodeJson({ text: 42 }), { timeout: 2_000 });
    expect(decodeJson(msg.data)).toMatchObject({
      error: { code: 'invalid_request', retryable: false, issues: [{ path: 'text' }] },
    });
  });

  it('answers a body that is not JSON with a typed error', async () => {
    const msg = await nc.request(echo.subject, new TextEncoder().encode('{nope'), { timeout: 2_000 });
    expect(decodeJson(msg.data)).toMatchObject({ error: { code: 'invalid_request' } });
  });

  it('maps named handler errors to typed replies that say whether a retry helps', async () => {
    await expect(bus.request(echo, { text: 'x', fail: 'not_found' })).rejects.toMatchObject({
      code: 'not_found',
      retryable: false,
    });
    await expect(bus.request(echo, { text: 'x', fail: 'upstream' })).rejects.toMatchObject({
      code: 'upstream_failed',
      retryable: true,
    });
    const crash = bus.request(echo, { text: 'x', fail: 'crash' });
    await expect(crash).rejects.toBeInstanceOf(RemoteError);
    await expect(crash).rejects.toMatchObject({ code: 'internal' });
  });

  it('refuses a reply that breaks its contract', async () => {
    await expect(bus.request(broken, {})).rejects.toMatchObject({ code: 'invalid_reply' });
  });

  it('says unavailable when nobody listens on a subject', async () => {
    const nobody = defineCommand({
      subject: 'test.nobody.v1',
      description: '',
      request: z.object({}),
      reply: z.object({}),
    });
    await expect(bus.request(nobody, {})).rejects.toBeInstanceOf(ServiceUnavailableError);
  });

  it('counts every handled message in the handler metrics with its outcome', async () => {
    const text = await service.metrics.registry.metrics();
    expect(text).toMatch(
      /forage_handler_total\{service="echo",subject="test.echo.v1",outcome="success"\} [1-9]/,
    );
    expect(text).toMatch(
      /forage_handler_total\{service="echo",subject="test.echo.v1",outcome="invalid"\} [1-9]/,
    );
    expect(text).toMatch(
      /forage_handler_duration_seconds_count\{service="echo",subject="test.echo.v1",outcome="error"\} [1-9]/,
    );
  });

  it('serves /metrics and /health on the ops port', async () => {
    const health = await fetch(`http://127.0.0.1:${service.opsPort}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true, service: 'echo' });
    const live = await fetch(`http://127.0.0.1:${service.opsPort}/live`);
    expect(live.status).toBe(200);
    const metrics = await (await fetch(`http://127.0.0.1:${service.opsPort}/metrics`)).text();
    expect(metrics).toContain('forage_handler_duration_seconds_bucket');
    expect(metrics).toContain('process_cpu_user_seconds_total');
  });

  it('delivers core events to the handler', async () => {
    bus.publish(noted, { id: 'core-1', fail: false });
    await waitFor(() => received.includes('core-1'));
  });
});

async function waitFor(check: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
