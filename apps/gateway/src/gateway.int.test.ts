import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from '@nats-io/transport-node';
import { runStart } from '@forage/contracts';
import { startTestNats } from '@forage/testing';
import type { RunningNatsServer } from '@forage/messaging';
import { loadGatewayConfig } from './config.js';
import { startGatewayService, type RunningGateway } from './service.js';

interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
}

/** A raw HTTP request, so the test controls every header (Host included), as a browser or an attacker would. */
function send(
  port: number,
  input: { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: input.method,
        path: input.path,
        headers: { host: `127.0.0.1:${port}`, ...input.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: the assertion on the body says so
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    req.on('error', reject);
    if (input.body !== undefined) req.write(input.body);
    req.end();
  });
}

const json = { 'content-type': 'application/json' };
const question = JSON.stringify({ question: 'What is the population of somewhere?' });

/** The gateway's HTTP boundary over a real nats-server (runs are stored in JetStream). */
describe('gateway HTTP boundary', () => {
  let nats: RunningNatsServer;
  let gateway: RunningGateway;
  let port: number;

  beforeAll(async () => {
    nats = await startTestNats();
    gateway = await startGatewayService(
      loadGatewayConfig({
        NATS_URL: nats.url,
        GATEWAY_PORT: '0',
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
        GATEWAY_RUNS_BURST: '8',
        GATEWAY_RUNS_PER_MINUTE: '1',
        GATEWAY_BODY_LIMIT_BYTES: '2048',
        GATEWAY_ALLOWED_HOSTS: 'forage.example.org',
      }),
    );
    port = Number(new URL(gateway.httpUrl).port);
  });

  afterAll(async () => {
    await gateway.stop();
    await nats.stop();
  });

  function expectTypedError(reply: Reply, status: number, code: string): void {
    expect(reply.status).toBe(status);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.body).toMatchObject({
      error: { code, message: expect.any(String) as string, retryable: expect.any(Boolean) as boolean },
    });
  }

  it('starts a run from a same-origin JSON POST (the web UI) and from a client with no Origin (the CLI)', async () => {
    const fromUi = await send(port, {
      method: 'POST',
      path: '/v1/runs',
      headers: { ...json, origin: `http://127.0.0.1:${port}`, 'sec-fetch-site': 'same-origin' },
      body: question,
    });
    expect(fromUi.status).toBe(202);
    expect(fromUi.body).toMatchObject({ runId: expect.any(String) as string });
    const fromCli = await send(port, { method: 'POST', path: '/v1/runs', headers: json, body: question });
    expect(fromCli.status).toBe(202);
  });

  it('passes the pages a user names (urls) on to the run it starts', async () => {
    const listener = await connect({ servers: nats.url });
    try {
      const seen = new Promise<unknown>((resolve) => {
        const sub = listener.subscribe(runStart.subject, { max: 1 });
        void (async () => {
          for await (const m of sub) resolve(m.json());
        })();
      });
      await listener.flush();
      const urls = ['https://example.org/a', 'https://example.org/b'];
      const reply = await send(port, {
        method: 'POST',
        path: '/v1/runs',
        headers: json,
        body: JSON.stringify({ question: 'What does page a say?', urls }),
      });
      expect(reply.status).toBe(202);
      expect(await seen).toMatchObject({ urls, question: 'What does page a say?' });
    } finally {
      await listener.close();
    }
  });

  it('refuses a form-encoded POST from another site', async () => {
    const reply = await send(port, {
      method: 'POST',
      path: '/v1/runs',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example' },
      body: 'question=What+is+it%3F',
    });
    expectTypedError(reply, 403, 'blocked');
  });

  it('refuses a JSON POST carrying another origin, and a text/plain POST with no origin', async () => {
    expectTypedError(
      await send(port, {
        method: 'POST',
        path: '/v1/runs',
        headers: { ...json, origin: 'http://evil.example' },
        body: question,
      }),
      403,
      'blocked',
    );
    expectTypedError(
      await send(port, {
        method: 'POST',
        path: '/v1/runs',
        headers: { 'content-type': 'text/plain' },
        body: question,
      }),
      415,
      'invalid_request',
    );
  });

  it('answers only to its own host names (DNS rebinding)', async () => {
    expectTypedError(
      await send(port, { method: 'GET', path: '/', headers: { host: `attacker.example:${port}` } }),
      403,
      'blocked',
    );
    const configured = await send(port, {
      method: 'GET',
      path: '/',
      headers: { host: 'forage.example.org' },
    });
    expect(configured.status).toBe(200);
    const localhost = await send(port, { method: 'GET', path: '/', headers: { host: `localhost:${port}` } });
    expect(localhost.status).toBe(200);
  });

  it('answers malformed JSON and an oversized body with the typed error, and counts both', async () => {
    expectTypedError(
      await send(port, { method: 'POST', path: '/v1/runs', headers: json, body: '{"question": ' }),
      400,
      'invalid_request',
    );
    expectTypedError(
      await send(port, {
        method: 'POST',
        path: '/v1/runs',
        headers: json,
        body: JSON.stringify({ question: 'x'.repeat(4_000) }),
      }),
      413,
      'invalid_request',
    );
    const metrics = await (await fetch(`http://127.0.0.1:${gateway.opsPort}/metrics`)).text();
    expect(metrics).toMatch(
      /forage_http_rejected_total\{service="gateway",status="400",reason="malformed_json"\} 1/,
    );
    expect(metrics).toMatch(
      /forage_http_rejected_total\{service="gateway",status="413",reason="too_large"\} 1/,
    );
    expect(metrics).toMatch(
      /forage_http_rejected_total\{service="gateway",status="403",reason="cross_site"\} [1-9]/,
    );
  });

  it('answers a body that breaks the contract with 400 and the issues', async () => {
    const reply = await send(port, {
      method: 'POST',
      path: '/v1/runs',
      headers: json,
      body: '{"question": ""}',
    });
    expectTypedError(reply, 400, 'invalid_request');
    expect(reply.body).toMatchObject({ error: { issues: [{ path: 'question' }] } });
  });

  it('answers 405 with Allow for a wrong method on a known path, and a JSON 404 for an unknown one', async () => {
    const put = await send(port, { method: 'PUT', path: '/v1/runs' });
    expectTypedError(put, 405, 'invalid_request');
    expect(put.headers.allow).toBe('GET, HEAD, POST');
    const patch = await send(port, {
      method: 'PATCH',
      path: '/v1/runs/6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
    });
    expectTypedError(patch, 405, 'invalid_request');
    expect(patch.headers.allow).toBe('GET, HEAD, DELETE');
    expectTypedError(await send(port, { method: 'GET', path: '/v2/nothing' }), 404, 'not_found');
    expectTypedError(await send(port, { method: 'GET', path: '/v1/runs/not-a-run-id' }), 404, 'not_found');
  });

  it('answers 503 for a run it does not know while the runs history (logging) is down, not a false 404', async () => {
    expectTypedError(
      await send(port, { method: 'GET', path: '/v1/runs/6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b' }),
      503,
      'unavailable',
    );
  });

  it('sends no CORS headers, even to a preflight', async () => {
    const preflight = await send(port, {
      method: 'OPTIONS',
      path: '/v1/runs',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(405);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('limits how many runs one client starts, with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let limited: Reply | undefined;
    for (let i = 0; i < 12 && !limited; i++) {
      const reply = await send(port, { method: 'POST', path: '/v1/runs', headers: json, body: question });
      statuses.push(reply.status);
      if (reply.status === 429) limited = reply;
    }
    expect(limited).toBeDefined();
    if (!limited) return;
    expectTypedError(limited, 429, 'unavailable');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ error: { retryable: true } });
    // the burst (8) was already partly used by the earlier tests' POSTs
    expect(statuses.filter((s) => s === 202).length).toBeLessThan(8);
  });
});
