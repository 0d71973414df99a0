import { randomUUID } from 'node:crypto';
import { Kvm } from '@nats-io/kv';
import { executeAction } from '@forage/contracts';
import { decodeJson, encodeJson, RemoteError } from '@forage/messaging';
import { BrowserHost } from './adapters/browser-host.js';
import { IDEMPOTENCY_BUCKET } from './adapters/idempotency-ledger.js';
import { ledgerKey, pendingEntry, requestFingerprint } from './core/idempotency.js';
import { startFormSite, type FormSite } from './testing/form-site.js';
import { startHarness, RUN_ID, type ActionReply, type Harness } from './testing/harness.js';
import { chromiumProcessesUnder, eventually, readLogRecords } from './testing/observe.js';

describe('action-execution over a real nats-server and Chromium', () => {
  let site: FormSite;
  let denied: FormSite;
  let h: Harness;

  /** A session already showing the contact form with a name typed in. */
  async function formSession(name = 'Ada Lovelace'): Promise<string> {
    const sessionId = `s-${randomUUID()}`;
    await h.act({ sessionId, action: { type: 'goto', url: `${site.origin}/form` } });
    await h.act({ sessionId, action: { type: 'fill', locator: '#name', value: name } });
    return sessionId;
  }
  const send = { type: 'click', locator: 'role=button[name="Send"]' } as const;

  beforeAll(async () => {
    denied = await startFormSite();
    // /slow answers after 5 s: a second session's whole action (new context, navigation, capture)
    // must fit inside it even on a loaded machine (at 1.5 s it did not once in CI)
    site = await startFormSite({ deniedOrigin: denied.origin, slowMs: 5_000 });
    h = await startHarness({ EGRESS_ALLOWLIST: site.origin });
  });

  afterAll(async () => {
    await h.stop();
    await site.close();
    await denied.close();
  });

  it('fills, selects, checks and submits a local form; the server receives the values exactly once', async () => {
    const sessionId = `s-${randomUUID()}`;
    const steps = [
      { type: 'goto', url: `${site.origin}/form` },
      { type: 'fill', locator: '#name', value: 'Ada Lovelace' },
      { type: 'select', locator: 'css=#country', value: 'fr' },
      { type: 'check', locator: 'xpath=//input[@id="terms"]' },
      { type: 'click', locator: 'text=Send' },
    ] as const;
    const replies: ActionReply[] = [];
    for (const action of steps) replies.push(await h.act({ sessionId, action }));

    expect(replies.map((r) => [r.status, r.replayed])).toEqual(steps.map(() => ['done', false]));
    expect(site.submissions).toEqual([{ name: 'Ada Lovelace', card: '', country: 'fr', terms: 'yes' }]);
    const submitted = replies[4]!;
    expect(submitted.url).toBe(`${site.origin}/submit`);
    expect(submitted.evidence.before).toMatchObject({
      kind: 'dom_snapshot',
      contentType: 'text/html; charset=utf-8',
    });
    expect(await h.evidence.getText(submitted.evidence.before!)).toContain('id="terms"');
    expect(await h.evidence.getText(submitted.evidence.after!)).toContain(
      'Thank you, we received your message.',
    );

    const records = await readLogRecords(h.nc);
    const fillRecord = records.find((r) => r.record_id === replies[1]!.logRecordId);
    const clickRecord = records.find((r) => r.record_id === submitted.logRecordId);
    expect(clickRecord).toMatchObject({
      tool_name: 'action-execution',
      run_id: RUN_ID,
      status: 'success',
      evidence: { dom_snapshot: submitted.evidence.after },
      output: { data: { action: 'click', locator: 'text=Send', url: `${site.origin}/submit` } },
    });
    expect(fillRecord?.output.data).toMatchObject({
      action: 'fill',
      locator: '#name',
      valueSource: 'literal',
    });
    expect(JSON.stringify(fillRecord)).not.toContain('Ada Lovelace');
  });

  it('submits once when the same idempotency key arrives twice in a row; the second reply is a replay', async () => {
    const sessionId = await formSession('Sequential');
    const idempotencyKey = `submit-${randomUUID()}`;
    const first = await h.act({ sessionId, idempotencyKey, action: send });
    const second = await h.act({ sessionId, idempotencyKey, action: send });

    expect(site.submissions.filter((s) => s['name'] === 'Sequential')).toHaveLength(1);
    expect(first.replayed).toBe(false);
    expect(second).toEqual({ ...first, replayed: true });
  });

  it('submits once when the same idempotency key arrives twice at the same time', async () => {
    const sessionId = await formSession('Concurrent');
    const idempotencyKey = `submit-${randomUUID()}`;
    const replies = await Promise.all([
      h.act({ sessionId, idempotencyKey, action: send }),
      h.act({ sessionId, idempotencyKey, action: send }),
    ]);

    expect(site.submissions.filter((s) => s['name'] === 'Concurrent')).toHaveLength(1);
    expect(replies.map((r) => r.replayed).sort()).toEqual([false, true]);
    expect(replies[0].logRecordId).toBe(replies[1].logRecordId);
  });

  it('refuses, without acting, a key left pending by an attempt that crashed', async () => {
    const sessionId = await formSession('Crashed');
    const idempotencyKey = `submit-${randomUUID()}`;
    const kv = await new Kvm(h.nc).open(IDEMPOTENCY_BUCKET);
    await kv.put(
      ledgerKey(idempotencyKey),
      JSON.stringify(pendingEntry(requestFingerprint({ sessionId, action: send }), new Date())),
    );

    const attempt = h.act({ sessionId, idempotencyKey, action: send });
    await expect(attempt).rejects.toBeInstanceOf(RemoteError);
    await expect(attempt).rejects.toMatchObject({ code: 'conflict', retryable: false });
    expect(site.submissions.filter((s) => s['name'] === 'Crashed')).toHaveLength(0);
  });

  it('refuses a key reused for a different action', async () => {
    const sessionId = await formSession('Reused');
    const idempotencyKey = `key-${randomUUID()}`;
    await h.act({ sessionId, idempotencyKey, action: { type: 'check', locator: '#terms' } });
    await expect(h.act({ sessionId, idempotencyKey, action: send })).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(site.submissions.filter((s) => s['name'] === 'Reused')).toHaveLength(0);
  });

  it('runs the actions of one session strictly in arrival order', async () => {
    const sessionId = await formSession('v0');
    const values = ['v1', 'v2', 'v3', 'v4', 'v5'];
    const replies = await Promise.all([
      ...values.map((value) => h.act({ sessionId, action: { type: 'fill', locator: '#name', value } })),
      h.act({ sessionId, action: send }),
    ]);

    expect(site.submissions.filter((s) => s['name']?.startsWith('v'))).toEqual([
      expect.objectContaining({ name: 'v5' }),
    ]);
    for (const [i, value] of values.entries()) {
      // each fill's after-snapshot shows its own value: no other fill ran in between
      const after = await h.evidence.getText(replies[i]!.evidence.after!);
      expect(after).toContain(`<output id="echo">${value}</output>`);
    }
  });

  it('runs different sessions concurrently', async () => {
    const finished: string[] = [];
    const slow = h
      .act({ sessionId: `s-${randomUUID()}`, action: { type: 'goto', url: `${site.origin}/slow` } })
      .then((r) => {
        finished.push('slow');
        return r;
      });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const fast = await h.act({
      sessionId: `s-${randomUUID()}`,
      action: { type: 'goto', url: `${site.origin}/search` },
    });
    finished.push('fast');
    expect((await slow).status).toBe('done');
    expect(fast.status).toBe('done');
    expect(finished).toEqual(['fast', 'slow']);
  });

  it('answers failed with a detail, within the timeout, when a locator matches nothing', async () => {
    const sessionId = await formSession('Missing');
    const started = Date.now();
    const reply = await h.act({ sessionId, timeoutMs: 300, action: { type: 'click', locator: '#missing' } });

    expect(Date.now() - started).toBeLessThan(5_000);
    expect(reply).toMatchObject({ status: 'failed', replayed: false, url: `${site.origin}/form` });
    expect(reply).toMatchObject({
      outcome: 'fail',
      failure: { category: 'not_found' },
      matchedLocator: null,
    });
    expect(reply.detail).toBe('no element matches #missing');
    // nothing was touched: the after evidence is the before evidence
    expect(reply.evidence.after).not.toBeNull();
    expect(reply.evidence.after).toEqual(reply.evidence.before);
    const record = (await readLogRecords(h.nc)).find((r) => r.record_id === reply.logRecordId);
    expect(record).toMatchObject({
      status: 'fail',
      output: { data: { action: 'click', locator: '#missing' } },
    });
  });

  it('denies goto to loopback, private and metadata addresses that are not allowlisted', async () => {
    for (const url of [
      `${denied.origin}/form`,
      `http://localhost:${new URL(site.origin).port}/form`,
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      await expect(
        h.act({ sessionId: `s-${randomUUID()}`, action: { type: 'goto', url } }),
      ).rejects.toMatchObject({
        code: 'egress_denied',
        retryable: false,
      });
    }
    expect(denied.hits).toEqual([]);
  });

  it('fails an action whose navigation the egress guard blocks, and never shows the denied page', async () => {
    const sessionId = `s-${randomUUID()}`;
    await h.act({ sessionId, action: { type: 'goto', url: `${site.origin}/outbound` } });
    const posted = await h.act({ sessionId, action: { type: 'click', locator: 'text=Go' } });
    expect(posted.status).toBe('failed');
    expect(posted.detail).toContain(`egress denied: ${new URL(denied.origin).host} is a loopback address`);
    expect(denied.hits).toEqual([]);

    // the redirect hop meets the egress proxy before any connection; the landing page is refused too
    const redirected = await h.act({ sessionId, action: { type: 'goto', url: `${site.origin}/leave` } });
    expect(redirected).toMatchObject({ status: 'failed', url: 'about:blank' });
    expect(redirected.detail).toContain('egress denied after a redirect');
    expect(await h.evidence.getText(redirected.evidence.after!)).not.toContain('not found');
  });

  it('answers invalid payloads with invalid_request naming the field', async () => {
    const valid = {
      runId: RUN_ID,
      sessionId: 's',
      idempotencyKey: 'key-12345678',
      action: { type: 'click', locator: '#a' },
    };
    const cases: [unknown, string][] = [
      [{ ...valid, action: { type: 'teleport', locator: '#a' } }, 'action.type'],
      [{ ...valid, action: { type: 'click' } }, 'action'],
      [{ ...valid, action: { type: 'click', target: { name: 'Send' } } }, 'action.target'],
      [{ ...valid, sessionId: undefined }, 'sessionId'],
      [{ ...valid, idempotencyKey: 'short' }, 'idempotencyKey'],
      [{ ...valid, action: { type: 'goto', url: 'file:///etc/passwd' } }, 'action.url'],
      [
        { ...valid, action: { type: 'fill', locator: '#a', value: { secretHandle: 'NOT OK' } } },
        'action.value',
      ],
      [{ ...valid, timeoutMs: 5 }, 'timeoutMs'],
    ];
    for (const [payload, path] of cases) {
      const msg = await h.nc.request(executeAction.subject, encodeJson(payload), { timeout: 5_000 });
      const body = decodeJson(msg.data) as { error: { code: string; issues: { path: string }[] } };
      expect(body.error.code).toBe('invalid_request');
      expect(body.error.issues.map((i) => i.path).join(' ')).toContain(path);
    }
  });

  it('relaunches the browser when it disconnects', async () => {
    const host = h.service.app.get(BrowserHost);
    const lease = await host.lease();
    const before = host.load();
    await lease.browser.close();
    lease.release();
    const reply = await h.act({
      sessionId: `s-${randomUUID()}`,
      action: { type: 'goto', url: `${site.origin}/search` },
    });
    expect(reply.status).toBe('done');
    expect(host.load()).toMatchObject({
      state: 'running',
      launches: (before?.launches ?? 0) + 1,
      crashes: (before?.crashes ?? 0) + 1,
    });
    expect(host.health().ok).toBe(true);
  });

  it('leaves no Chromium process behind after stop', async () => {
    expect(chromiumProcessesUnder(process.pid).length).toBeGreaterThan(0);
    await h.service.stop();
    expect(await eventually(() => chromiumProcessesUnder(process.pid).length === 0)).toBe(true);
  });
});
