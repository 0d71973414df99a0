import { randomBytes, randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  logRecordEvent,
  runCancel,
  runCompleted,
  runInput,
  runNeedsInput,
  runStart,
  runStep,
  type EvidenceRef,
} from '@forage/contracts';
import { EvidenceStore, parseEvidenceKey } from '@forage/evidence';
import { Bus, decodeJson, encodeJson, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { aLogRecord, startTestNats } from '@forage/testing';
import { loadLoggingConfig } from '../apps/logging/src/config.js';
import { startLoggingService } from '../apps/logging/src/service.js';
import { loadGatewayConfig } from '../apps/gateway/src/config.js';
import { startGatewayService, type RunningGateway } from '../apps/gateway/src/service.js';
import { ajv2020, componentValidators, openApiProblems } from './support/openapi-check.js';

type Json = Record<string, unknown>;

/** The HTTP API over a real nats-server, the real logging service (runs history, log) and the evidence store. */
describe('gateway HTTP API: OpenAPI, runs history, evidence, cancel, input, SSE resume', () => {
  const evidenceKey = randomBytes(32).toString('hex');
  let nats: RunningNatsServer;
  let logging: RunningService;
  let gateway: RunningGateway;
  let nc: NatsConnection;
  let bus: Bus;
  let openapi: Json;
  const validators = new Map<string, (value: unknown) => boolean>();
  const html = '<!doctype html><html><body><p id="fact">Population: 1,234</p></body></html>';
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  let domRef: EvidenceRef;
  let shotRef: EvidenceRef;
  const runs: Record<'done' | 'running' | 'waiting' | 'other', string> = {
    done: '',
    running: '',
    waiting: '',
    other: '',
  };

  const api = (path: string, init?: RequestInit) => fetch(`${gateway.httpUrl}${path}`, init);
  const create = async (question: string): Promise<string> => {
    const res = await api('/v1/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question }),
    });
    expect(res.status).toBe(202);
    const body = (await res.json()) as Json;
    expectSchema('CreateRunResponse', body);
    return body['runId'] as string;
  };
  const expectSchema = (name: string, value: unknown): void => {
    const validate = validators.get(name);
    if (!validate) throw new Error(`no schema ${name}`);
    const ok = validate(value);
    if (!ok) throw new Error(`${name}: ${JSON.stringify((validate as { errors?: unknown }).errors)}`);
  };
  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`never reached: ${JSON.stringify(value)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const step = (runId: string, seq: number) =>
    bus.publishDurable(
      runStep,
      {
        runId,
        seq,
        step: 'search',
        status: 'succeeded',
        detail: `step ${String(seq)}`,
        at: new Date().toISOString(),
        durationMs: 3,
      },
      { msgId: `${runId}:${String(seq)}` },
    );

  beforeAll(async () => {
    nats = await startTestNats();
    const env = { NATS_URL: nats.url, OPS_PORT: '0', LOG_LEVEL: 'silent' };
    logging = await startLoggingService(loadLoggingConfig({ ...env, LOGGING_DATA_DIR: 'memory://' }));
    gateway = await startGatewayService(
      loadGatewayConfig({ ...env, GATEWAY_PORT: '0', FORAGE_EVIDENCE_KEY: evidenceKey }),
    );
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 15_000 });

    const res = await api('/v1/openapi.json');
    expect(res.status).toBe(200);
    openapi = (await res.json()) as Json;
    for (const [name, validate] of componentValidators(ajv2020(), openapi)) validators.set(name, validate);

    const store = await EvidenceStore.open(nc, {
      key: parseEvidenceKey(evidenceKey),
      retentionMs: 86_400_000,
    });
    domRef = await store.put({
      kind: 'dom_snapshot',
      contentType: 'text/html; charset=utf-8',
      data: Buffer.from(html),
    });
    shotRef = await store.put({ kind: 'screenshot', contentType: 'image/png', data: png });

    runs.done = await create('What is the population of the first place?');
    runs.running = await create('What is the population of the second place?');
    runs.waiting = await create('Send the contact form with my details');
    runs.other = await create('A run whose evidence is not the first run’s');
    await bus.publishDurable(
      logRecordEvent,
      aLogRecord({ run_id: runs.done, evidence: { dom_snapshot: domRef, screenshot: shotRef } }),
      { msgId: `${runs.done}:record` },
    );
    for (const seq of [0, 1, 2]) await step(runs.done, seq);
    await bus.publishDurable(
      runCompleted,
      {
        runId: runs.done,
        outcome: 'no_answer',
        answer: null,
        failures: [],
        completedAt: new Date().toISOString(),
        durationMs: 40,
      },
      { msgId: `${runs.done}:completed` },
    );
    await step(runs.running, 0);
    await step(runs.waiting, 0);
    const askedAt = new Date(Date.now() + 1_000).toISOString();
    await bus.publishDurable(
      runNeedsInput,
      {
        runId: runs.waiting,
        reason: 'the form needs your email',
        questions: [{ key: 'email', prompt: 'Your email?', kind: 'email', sensitive: false }],
        askedAt,
        waitsUntil: new Date(Date.now() + 600_000).toISOString(),
      },
      { msgId: `${runs.waiting}:input` },
    );
  }, 60_000);

  afterAll(async () => {
    await nc.close();
    await gateway.stop();
    await logging.stop();
    await nats.stop();
  });

  it('serves an OpenAPI 3.1 document whose schemas compile as JSON Schema 2020-12 and whose $refs resolve', () => {
    expect(openApiProblems(openapi)).toEqual([]);
    expect(Object.keys(openapi['paths'] as Json)).toEqual(
      expect.arrayContaining([
        '/v1/runs',
        '/v1/runs/{runId}',
        '/v1/runs/{runId}/events',
        '/v1/evidence/{sha256}',
      ]),
    );
    expect(validators.size).toBeGreaterThanOrEqual(6);
    // the document is strict enough to reject what the API must never return
    expect(validators.get('RunsPage')!({ runs: [{ runId: 'x' }], nextCursor: null })).toBe(false);
    expect(validators.get('ErrorReply')!({ error: { code: 'nope', message: '', retryable: false } })).toBe(
      false,
    );
  });

  it('lists runs from the history with paging and filters, each page as documented', async () => {
    const all = await until(
      async () =>
        (await (await api('/v1/runs?limit=10')).json()) as { runs: Json[]; nextCursor: string | null },
      (page) => page.runs.some((r) => r['runId'] === runs.done && r['status'] === 'completed'),
    );
    expectSchema('RunsPage', all);
    expect(all.runs.map((r) => r['runId'])).toEqual([runs.other, runs.waiting, runs.running, runs.done]);
    const first = (await (await api('/v1/runs?limit=3')).json()) as { runs: Json[]; nextCursor: string };
    expect(first.runs).toHaveLength(3);
    const rest = (await (await api(`/v1/runs?limit=3&cursor=${first.nextCursor}`)).json()) as {
      runs: Json[];
    };
    expect(rest.runs.map((r) => r['runId'])).toEqual([runs.done]);
    const completed = (await (await api('/v1/runs?status=completed')).json()) as { runs: Json[] };
    expect(completed.runs.map((r) => r['runId'])).toEqual([runs.done]);
    const future = (await (
      await api(`/v1/runs?since=${new Date(Date.now() + 3_600_000).toISOString()}`)
    ).json()) as {
      runs: Json[];
    };
    expect(future.runs).toEqual([]);
    const bad = await api('/v1/runs?status=sleeping&colour=red');
    expect(bad.status).toBe(400);
    expectSchema('ErrorReply', await bad.json());
  });

  it('returns one run as documented, with its needs_input questions', async () => {
    const waiting = await until(
      async () => (await (await api(`/v1/runs/${runs.waiting}`)).json()) as Json,
      (view) => view['status'] === 'needs_input',
    );
    expectSchema('RunView', waiting);
    expect(waiting['needsInput']).toMatchObject({ questions: [{ key: 'email' }] });
    const missing = await api(`/v1/runs/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expectSchema('ErrorReply', await missing.json());
  });

  it('serves a run’s evidence with its content type, and nothing of another run', async () => {
    const dom = await until(
      () => api(`/v1/evidence/${domRef.sha256}?run=${runs.done}`),
      (res) => res.status !== 404,
    );
    expect(dom.status).toBe(200);
    expect(dom.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(dom.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(await dom.text()).toBe(html);
    const shot = await api(`/v1/evidence/${shotRef.sha256}?run=${runs.done}`);
    expect(shot.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await shot.arrayBuffer()).equals(png)).toBe(true);

    const elsewhere = await api(`/v1/evidence/${domRef.sha256}?run=${runs.other}`);
    expect(elsewhere.status).toBe(404);
    expectSchema('ErrorReply', await elsewhere.json());
    expect((await api(`/v1/evidence/${domRef.sha256}`)).status).toBe(400);
    expect((await api(`/v1/evidence/not-a-hash?run=${runs.done}`)).status).toBe(404);
    const put = await api(`/v1/evidence/${domRef.sha256}`, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD');
  });

  it('resumes server-sent events after Last-Event-ID', async () => {
    await until(
      async () => (await (await api(`/v1/runs/${runs.done}`)).json()) as Json,
      (view) => view['status'] === 'completed',
    );
    const full = await (await api(`/v1/runs/${runs.done}/events`)).text();
    expect([...full.matchAll(/^id: (.+)$/gm)].map((m) => m[1])).toEqual(['0', '1', '2', 'completed']);
    const resumed = await (
      await api(`/v1/runs/${runs.done}/events`, { headers: { 'last-event-id': '1' } })
    ).text();
    expect([...resumed.matchAll(/^id: (.+)$/gm)].map((m) => m[1])).toEqual(['2', 'completed']);
  });

  it('cancels a running run by publishing run.cancel.v1, and refuses to cancel a completed one', async () => {
    const cancels = nc.subscribe(runCancel.subject, { max: 1 });
    // the server must know the subscription before the gateway publishes the cancel
    await nc.flush();
    const received = (async () => {
      for await (const msg of cancels) return runCancel.payload.parse(decodeJson(msg.data));
      return undefined;
    })();
    const res = await api(`/v1/runs/${runs.running}`, { method: 'DELETE' });
    expect(res.status).toBe(202);
    expectSchema('CancelRunResponse', await res.json());
    expect((await received)?.runId).toBe(runs.running);
    const done = await api(`/v1/runs/${runs.done}`, { method: 'DELETE' });
    expect(done.status).toBe(409);
    expectSchema('ErrorReply', await done.json());
    expect((await api(`/v1/runs/${randomUUID()}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('passes answers to a run that is not finished on to run.input.v1, and refuses them where the run is not waiting', async () => {
    // the orchestrator's side of run.input.v1: takes the answers of the waiting run only
    const responder = nc.subscribe(runInput.subject, {
      callback: (_err, msg) => {
        const request = runInput.request.parse(decodeJson(msg.data));
        msg.respond(
          encodeJson({
            // the orchestrator's ledger is what says a run waits: it may be ahead of the gateway's board
            accepted: request.runId === runs.waiting || request.runId === runs.running,
            detail: `got ${String(request.answers.length)}`,
          }),
        );
      },
    });
    await nc.flush();
    try {
      const body = JSON.stringify({ answers: [{ key: 'email', value: 'ada@example.org' }] });
      const headers = { 'content-type': 'application/json' };
      const res = await api(`/v1/runs/${runs.waiting}/input`, { method: 'POST', headers, body });
      expect(res.status).toBe(202);
      expectSchema('RunInputResponse', await res.json());
      const notWaiting = await api(`/v1/runs/${runs.done}/input`, { method: 'POST', headers, body });
      expect(notWaiting.status).toBe(409);
      // a run the board has not yet seen ask is not refused by the gateway: the orchestrator decides
      const ahead = await api(`/v1/runs/${runs.running}/input`, { method: 'POST', headers, body });
      expect(ahead.status).toBe(202);
      const refused = await api(`/v1/runs/${runs.other}/input`, { method: 'POST', headers, body });
      expect(refused.status).toBe(409);
      const invalid = await api(`/v1/runs/${runs.waiting}/input`, {
        method: 'POST',
        headers,
        body: '{"answers":"x"}',
      });
      expect(invalid.status).toBe(400);
      expectSchema('ErrorReply', await invalid.json());
    } finally {
      responder.unsubscribe();
    }
  });

  it('continues a thread: threadId goes on run.start.v1 and shows in the run view; an unknown or malformed thread is refused', async () => {
    const started: unknown[] = [];
    const sub = nc.subscribe(runStart.subject, {
      callback: (_err, msg) => {
        started.push(decodeJson(msg.data));
      },
    });
    // the server knows of the subscription before the first run is published (without, a run
    // published first on a loaded machine was missed and the test waited for it in vain)
    await nc.flush();
    try {
      const headers = { 'content-type': 'application/json' };
      const post = (body: Json) => api('/v1/runs', { method: 'POST', headers, body: JSON.stringify(body) });
      const res = await post({ question: 'And what is its area?', threadId: runs.done });
      expect(res.status).toBe(202);
      const created = (await res.json()) as Json;
      expectSchema('CreateRunResponse', created);
      expect(created['threadId']).toBe(runs.done);
      // a run that names no thread starts its own: the thread id is the run id
      const fresh = (await (await post({ question: 'What is the area of the third place?' })).json()) as Json;
      expect(fresh['threadId']).toBe(fresh['runId']);
      await until(
        () => Promise.resolve(started.length),
        (n) => n >= 2,
      );
      expect(started).toContainEqual(
        expect.objectContaining({
          runId: created['runId'],
          threadId: runs.done,
          question: 'And what is its area?',
        }),
      );
      const view = (await (await api(`/v1/runs/${created['runId'] as string}`)).json()) as Json;
      expectSchema('RunView', view);
      expect(view['threadId']).toBe(runs.done);
      const unknown = await post({ question: 'And its area?', threadId: randomUUID() });
      expect(unknown.status).toBe(404);
      expectSchema('ErrorReply', await unknown.json());
      const malformed = await post({ question: 'And its area?', threadId: 'yesterday' });
      expect(malformed.status).toBe(400);
      expectSchema('ErrorReply', await malformed.json());
    } finally {
      sub.unsubscribe();
    }
  });
});
