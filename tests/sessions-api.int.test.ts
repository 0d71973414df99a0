import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  closeSession,
  executeAction,
  queryLogs,
  type ActResponse,
  type Observation,
  type SessionView,
} from '@forage/contracts';
import { Bus, passwordFileOf } from '@forage/messaging';
import { auditVerify } from '../apps/cli/src/commands/audit.js';
import { runCli } from '../apps/cli/src/cli/run.js';
import { tempDir } from '@forage/testing';
import { rememberStackNatsAuth } from '../apps/cli/src/stack/nats-auth.js';
import { ajv2020, openApiProblems } from './support/openapi-check.js';
import { startSessionStack, type SessionStack } from './support/session-stack.js';

interface Answer<T> {
  status: number;
  body: T & { error?: { code: string; message: string } };
}

/**
 * `/v1/sessions` against real services under their own NATS identities, real Chromium and PGlite:
 * ownership by API key, bounds, evidence per action, egress refusals, idle expiry, the audit chain.
 */
describe('browser sessions over the HTTP API', () => {
  let stack: SessionStack;
  let bus: Bus;

  beforeAll(async () => {
    stack = await startSessionStack({ GATEWAY_SESSIONS_PER_KEY: '2', GATEWAY_MAX_SESSIONS: '3' });
    bus = new Bus(stack.admin, { timeoutMs: 15_000 });
  }, 120_000);

  afterAll(async () => {
    await stack.stop();
  }, 60_000);

  const call = async <T>(input: {
    key: string;
    method: string;
    path: string;
    body?: unknown;
    base?: string;
  }): Promise<Answer<T>> => {
    const res = await fetch(`${input.base ?? stack.gateway.httpUrl}${input.path}`, {
      method: input.method,
      headers: {
        authorization: `Bearer ${input.key}`,
        ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Answer<T>['body'] };
  };
  /** Sessions a test opened: closed after it whatever it did, so one failure cannot hold another's places. */
  const opened: { key: string; id: string }[] = [];
  afterEach(async () => {
    for (const s of opened.splice(0)) await close(s.key, s.id);
  });
  const open = async (key: string, url?: string, base?: string) => {
    const answer = await call<SessionView>({
      key,
      method: 'POST',
      path: '/v1/sessions',
      body: url ? { url } : {},
      ...(base ? { base } : {}),
    });
    if (answer.status === 201 && !base) opened.push({ key, id: answer.body.sessionId });
    return answer;
  };
  const close = (key: string, id: string) =>
    call<unknown>({ key, method: 'DELETE', path: `/v1/sessions/${id}` });
  const observe = (key: string, id: string, query = '', base?: string) =>
    call<Observation>({
      key,
      method: 'GET',
      path: `/v1/sessions/${id}/observe${query}`,
      ...(base ? { base } : {}),
    });
  const act = (key: string, id: string, body: unknown) =>
    call<ActResponse>({ key, method: 'POST', path: `/v1/sessions/${id}/act`, body });

  it('opens a session on a page, observes its elements and text, and acts with evidence per action', async () => {
    const { keys, site } = stack;
    const opened = await open(keys.a, `${site.origin}/form`);
    expect(opened.status).toBe(201);
    expect(opened.body.opened).toMatchObject({ status: 'done', url: `${site.origin}/form` });
    const id = opened.body.sessionId;

    const seen = await observe(keys.a, id, '?limit=3');
    expect(seen.status).toBe(200);
    expect(seen.body.title).toBe('Contact');
    expect(seen.body.text.content).toContain('Leave your name');
    expect(seen.body.elements.items).toHaveLength(3);
    expect(seen.body.elements.nextOffset).toBe(3);
    const rest = await observe(keys.a, id, '?offset=3&limit=50');
    const all = [...seen.body.elements.items, ...rest.body.elements.items];
    const byName = (name: string) => all.find((e) => e.name === name);
    expect(byName('Your name')).toMatchObject({
      role: 'textbox',
      required: true,
      visible: true,
      enabled: true,
    });
    expect(byName('I accept the terms')).toMatchObject({ role: 'checkbox', checked: false });
    expect(byName('Size')?.options?.map((o) => o.label)).toEqual(['Small', 'Large']);
    expect(byName('Send message')?.role).toBe('button');

    const done = await act(keys.a, id, {
      actions: [
        { type: 'fill', locator: byName('Your name')?.locator, value: 'Ada Lovelace' },
        { type: 'select', locator: byName('Size')?.locator, value: 'Large' },
        { type: 'check', locator: byName('I accept the terms')?.locator },
        { type: 'click', locator: byName('Send message')?.locator },
        { type: 'click', target: { role: 'button', name: 'No such button' } },
        { type: 'click', target: { text: 'never reached' } },
      ],
      timeoutMs: 3_000,
    });
    expect(done.status).toBe(200);
    const results = done.body.results;
    expect(results.map((r) => ('status' in r ? r.status : r.error.code))).toEqual([
      'done',
      'done',
      'done',
      'done',
      'failed',
    ]);
    expect(done.body.skipped).toBe(1);
    for (const r of results) {
      if ('error' in r) throw new Error(r.error.message);
      expect(r.evidence.before?.sha256).toMatch(/^[a-f0-9]{64}$/);
      expect(r.evidence.after?.sha256).toMatch(/^[a-f0-9]{64}$/);
      expect(r.logRecordId).toMatch(/^[0-9a-f-]{36}$/);
    }
    const submit = results[3];
    const missing = results[4];
    if (!submit || 'error' in submit || !missing || 'error' in missing) throw new Error('no results');
    expect(submit.urlChanged).toBe(true);
    expect(submit.url).toContain('/thanks?name=Ada+Lovelace');
    expect(missing.failure?.category).toBe('not_found');

    const after = await observe(keys.a, id);
    expect(after.body.text.content).toContain('Thank you, Ada Lovelace. Size Large, terms accepted.');

    // each step's evidence is readable by the session's owner, before and after
    const evidence = async (key: string, sha256: string | undefined) =>
      fetch(`${stack.gateway.httpUrl}/v1/evidence/${sha256 ?? ''}?run=${opened.body.runId}`, {
        headers: { authorization: `Bearer ${key}` },
      });
    const afterSubmit = await evidence(keys.a, submit.evidence.after?.sha256);
    expect(afterSubmit.status).toBe(200);
    expect(await afterSubmit.text()).toContain('Thank you, Ada Lovelace');
    const beforeFill = await evidence(
      keys.a,
      results[0] && 'evidence' in results[0] ? results[0].evidence.before?.sha256 : '',
    );
    expect(beforeFill.status).toBe(200);
    expect(await beforeFill.text()).toContain('Leave your name');
    expect((await evidence(keys.b, submit.evidence.after?.sha256)).status).toBe(404);

    // every action and observation is a log record of the session's run, and the chain holds
    const records = await waitForRecords(opened.body.runId, 9);
    expect(records.map((r) => r.task_id)).toEqual(
      expect.arrayContaining([
        `agent-action:${id}:goto`,
        `agent-action:${id}:fill`,
        `agent-action:${id}:select`,
        `agent-action:${id}:check`,
        `agent-action:${id}:click`,
        `observe:${id}`,
      ]),
    );
    // the page is read by dom-understanding under the same run, as a run's pages are
    expect(new Set(records.map((r) => r.tool_name))).toEqual(
      new Set(['action-execution', 'dom-understanding']),
    );
    expect(await audit()).toEqual({ code: 0, intact: true });

    const closed = await close(keys.a, id);
    expect(closed.status).toBe(200);
    expect((await observe(keys.a, id)).status).toBe(404);

    // every answer is what the OpenAPI document says it is
    const documented = await documentedSchemas();
    expect(documented.problems).toEqual([]);
    const valid = (name: string, body: unknown): unknown => {
      const check = documented.validator(name);
      return check(body) ? true : check.errors;
    };
    expect(valid('SessionView', opened.body)).toBe(true);
    expect(valid('Observation', seen.body)).toBe(true);
    expect(valid('ActResponse', done.body)).toBe(true);
    expect(valid('CloseSessionResponse', closed.body)).toBe(true);
    expect(valid('ErrorReply', (await observe(keys.a, id)).body)).toBe(true);
  }, 120_000);

  it("hides a session from every key but its opener's (404), and offers no upload", async () => {
    const { keys, site } = stack;
    const opened = await open(keys.a, `${site.origin}/form`);
    const id = opened.body.sessionId;
    const foreign = await observe(keys.b, id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.code).toBe('not_found');
    expect((await act(keys.b, id, { action: { type: 'go_back' } })).status).toBe(404);
    // an upload could only name another run's evidence: refused before anything runs
    const sha256 = 'a'.repeat(64);
    const file = { sha256, kind: 'dom_snapshot', size: 1, contentType: 'text/html' };
    const upload = await act(keys.a, id, {
      actions: [
        { type: 'click', locator: '#name' },
        { type: 'upload', locator: '#name', files: [{ name: 'x.html', file }] },
      ],
    });
    expect(upload.status).toBe(400);
    expect(upload.body.error?.message).toMatch(/upload is not available/);
    // an agent gets no secret handle, not even one of its own run's
    const secret = await act(keys.a, id, {
      action: { type: 'fill', locator: '#name', value: { secretHandle: 'password' } },
    });
    const [refused] = secret.body.results;
    if (!refused || !('error' in refused)) throw new Error('the secret fill was not refused');
    expect(refused.error.code).toBe('blocked');
    expect(refused.error.message).toMatch(/an agent session cannot use secret handles$/);
    // a run's own subject (action.execute.v1, the orchestrator's) does not reach an agent's session
    await expect(
      bus.request(executeAction, {
        runId: opened.body.runId,
        sessionId: id,
        idempotencyKey: 'run-side-key-1',
        action: { type: 'go_back' },
      }),
    ).rejects.toMatchObject({
      code: 'blocked',
      message: expect.stringMatching(/is an agent's session$/) as unknown,
    });
    expect((await close(keys.b, id)).status).toBe(404);
    // still the opener's, untouched
    expect((await observe(keys.a, id)).status).toBe(200);
    expect((await close(keys.a, id)).status).toBe(200);
  }, 60_000);

  it('answers a retried request with an idempotency key from the ledger, never acting twice', async () => {
    const { keys, site } = stack;
    const opened = await open(keys.a, `${site.origin}/form`);
    const body = {
      actions: [{ type: 'fill', locator: '#name', value: 'Once' }],
      idempotencyKey: 'agent-retry-1',
    };
    const first = await act(keys.a, opened.body.sessionId, body);
    const again = await act(keys.a, opened.body.sessionId, body);
    const [ran] = first.body.results;
    const [replayed] = again.body.results;
    if (!ran || 'error' in ran || !replayed || 'error' in replayed) throw new Error('no results');
    expect(ran.replayed).toBe(false);
    expect(replayed).toMatchObject({ replayed: true, logRecordId: ran.logRecordId });
    // a different key is a new request: the action runs again
    const other = await act(keys.a, opened.body.sessionId, { ...body, idempotencyKey: 'agent-retry-2' });
    const [third] = other.body.results;
    if (!third || 'error' in third) throw new Error('no result');
    expect(third).toMatchObject({ replayed: false, status: 'done' });
    expect(third.logRecordId).not.toBe(ran.logRecordId);
  }, 60_000);

  it('bounds the sessions of a key and of all keys together (429 limit_reached)', async () => {
    const { keys } = stack;
    const a1 = await open(keys.a);
    const a2 = await open(keys.a);
    const a3 = await open(keys.a);
    expect([a1.status, a2.status, a3.status]).toEqual([201, 201, 429]);
    expect(a3.body.error?.code).toBe('limit_reached');
    const b1 = await open(keys.b);
    expect(b1.status).toBe(201);
    const b2 = await open(keys.b);
    expect(b2.status).toBe(429);
    expect(b2.body.error?.message).toMatch(/all 3 sessions are open/);
    await close(keys.a, a1.body.sessionId);
    const b3 = await open(keys.b);
    expect(b3.status).toBe(201);
    for (const [key, s] of [
      [keys.a, a2],
      [keys.b, b1],
      [keys.b, b3],
    ] as const)
      expect((await close(key, s.body.sessionId)).status).toBe(200);
  }, 60_000);

  it('refuses a start page or a goto to a host the egress rules do not allow', async () => {
    const { keys, site } = stack;
    const other = createServer((_, res) => res.end('<p>elsewhere</p>'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const elsewhere = `http://127.0.0.1:${(other.address() as AddressInfo).port}/`;
    try {
      for (const url of [elsewhere, 'http://169.254.169.254/latest/meta-data/']) {
        const refused = await open(keys.a, url);
        expect(refused.status).toBe(403);
        expect(refused.body.error?.code).toBe('egress_denied');
      }
      // a refused start page takes no place: both of this key's sessions can still be opened
      const s1 = await open(keys.a, `${site.origin}/form`);
      const s2 = await open(keys.a);
      expect([s1.status, s2.status]).toEqual([201, 201]);
      const went = await act(keys.a, s1.body.sessionId, {
        actions: [{ type: 'goto', url: elsewhere }, { type: 'go_back' }],
      });
      expect(went.status).toBe(200);
      expect(went.body.results).toEqual([
        { index: 0, error: expect.objectContaining({ code: 'egress_denied' }) as unknown },
      ]);
      expect(went.body.skipped).toBe(1);
      const still = await observe(keys.a, s1.body.sessionId);
      expect(still.body.url).toBe(`${site.origin}/form`);
      await close(keys.a, s1.body.sessionId);
      await close(keys.a, s2.body.sessionId);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  }, 60_000);

  it('closes a session left idle, in the gateway and in action-execution', async () => {
    const { keys, site } = stack;
    const quick = await stack.startGateway({ GATEWAY_SESSION_IDLE_MS: '1500' });
    const opened = await open(keys.a, `${site.origin}/form`, quick.httpUrl);
    expect(opened.status).toBe(201);
    const id = opened.body.sessionId;
    expect((await observe(keys.a, id, '', quick.httpUrl)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const gone = await observe(keys.a, id, '', quick.httpUrl);
    expect(gone.status).toBe(404);
    // the page was closed too: its run can no longer drive it, and a fresh page would be blank
    const reopened = await bus.request(closeSession, { runId: opened.body.runId, sessionId: id });
    expect(reopened.closed).toBe(false);
  }, 60_000);

  it('drives a session from the command line: forage session open | observe | act | close', async () => {
    const home = tempDir('forage-session-cli-');
    const forage = async (argv: string[], key = stack.keys.a) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCli([...argv, '--data-dir', home.path], {
        root: '/nonexistent',
        env: { FORAGE_URL: stack.gateway.httpUrl, FORAGE_API_KEY: key },
        out: (l) => out.push(l),
        err: (l) => err.push(l),
        errRaw: (t) => err.push(t),
        stderrIsTTY: false,
      });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    try {
      const opened = await forage(['session', 'open', `${stack.site.origin}/form`, '--json']);
      expect(opened).toMatchObject({ code: 0 });
      const { sessionId } = JSON.parse(opened.out) as SessionView;
      const seen = await forage(['session', 'observe', sessionId, '--limit', '2', '--text-limit', '9']);
      expect(seen.code).toBe(0);
      expect(seen.out).toContain('elements 1-2 of 6:');
      expect(seen.out).toContain('- [e2] textbox "Your name" (type=text, required) locator: #name');
      expect(seen.out).toContain('(more elements: offset=2)');
      expect(seen.out).toContain('text 0-9 of 39 characters:\nLeave you\n(more text: textOffset=9)');
      const acted = await forage([
        'session',
        'act',
        sessionId,
        JSON.stringify([
          { type: 'fill', locator: '#name', value: 'Alan Turing' },
          { type: 'click', target: { role: 'button', name: 'Send message' } },
        ]),
      ]);
      expect(acted.code).toBe(0);
      expect(acted.out.split('\n')).toEqual([
        expect.stringMatching(
          /^#0 done \(success\) .* evidence before [a-f0-9]{64}, after [a-f0-9]{64}, log record /,
        ),
        expect.stringMatching(
          /^#1 done \(success\) .*now at http:\/\/127\.0\.0\.1:\d+\/thanks\?name=Alan\+Turing/,
        ),
      ]);
      const failed = await forage([
        'session',
        'act',
        sessionId,
        '{"type":"click","locator":"#nothing-here"}',
      ]);
      expect(failed.code).toBe(3);
      expect(failed.out).toMatch(/^#0 failed/);
      const foreign = await forage(['session', 'observe', sessionId], stack.keys.b);
      expect(foreign.code).toBe(65);
      expect(foreign.err).toMatch(/not_found: no session/);
      const bad = await forage(['session', 'act', sessionId, '{"type":"explode"}']);
      expect(bad.code).toBe(64);
      expect((await forage(['session', 'close', sessionId])).code).toBe(0);
      expect((await forage(['session', 'close', sessionId])).code).toBe(65);
    } finally {
      home.remove();
    }
  }, 90_000);

  async function documentedSchemas() {
    const res = await fetch(`${stack.gateway.httpUrl}/v1/openapi.json`, {
      headers: { authorization: `Bearer ${stack.keys.a}` },
    });
    const openapi = (await res.json()) as Record<string, unknown>;
    const ajv = ajv2020();
    const schemas = (openapi['components'] as { schemas: Record<string, Record<string, unknown>> }).schemas;
    const paths = Object.keys(openapi['paths'] as Record<string, unknown>);
    return {
      problems: [
        ...openApiProblems(openapi),
        ...[
          '/v1/sessions',
          '/v1/sessions/{sessionId}/observe',
          '/v1/sessions/{sessionId}/act',
          '/v1/sessions/{sessionId}',
        ]
          .filter((p) => !paths.includes(p))
          .map((p) => `${p} is not documented`),
      ],
      validator: (name: string) => {
        const schema = schemas[name];
        if (!schema) throw new Error(`no schema ${name} in the document`);
        return ajv.compile(schema);
      },
    };
  }

  async function waitForRecords(runId: string, atLeast: number) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { records } = await bus.request(queryLogs, { runId, limit: 200 });
      if (records.length >= atLeast || Date.now() > deadline) return records;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function audit(): Promise<{ code: number; intact: boolean }> {
    rememberStackNatsAuth(stack.nats.url, {
      user: 'admin',
      passwordFile: passwordFileOf(stack.nats.credentialsDir ?? '', 'admin'),
    });
    const lines: string[] = [];
    const code = await auditVerify({ natsUrl: stack.nats.url, json: false, write: (l) => lines.push(l) });
    return { code, intact: lines.some((l) => /chain intact/.test(l)) };
  }
});
