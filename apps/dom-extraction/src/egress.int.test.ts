import { randomUUID } from 'node:crypto';
import { extractPage, isErrorReply } from '@forage/contracts';
import { RemoteError, decodeJson, encodeJson } from '@forage/messaging';
import { findLogRecord, startHarness, type Harness } from './testing/harness.js';

/** The typed error a request was answered with. */
async function errorOf(promise: Promise<unknown>): Promise<RemoteError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof RemoteError)) throw new Error(`expected a RemoteError, got ${String(err)}`);
  return err;
}

describe('dom.extract.v1 egress guard and failures', () => {
  let h: Harness;
  const extract = (url: string) => h.bus.request(extractPage, { runId: randomUUID(), url, timeoutMs: 5_000 });

  beforeAll(async () => {
    h = await startHarness();
  });

  afterAll(async () => {
    await h.stop();
  });

  it('refuses a loopback URL that is not allowlisted, without ever connecting to it', async () => {
    const err = await errorOf(extract(`${h.trap.origin}/secret`));
    expect(err).toMatchObject({ code: 'egress_denied', retryable: false });
    expect(err.message).toMatch(/loopback/);
    const spelled = await errorOf(extract(`http://2130706433:${h.trap.port}/secret`));
    expect(spelled.code).toBe('egress_denied');
    expect(h.trap.connections()).toBe(0);
  });

  it('blocks and counts a subresource on a denied address, and still captures the page', async () => {
    const snapshot = await extract(
      `${h.site.origin}/with-image?src=${encodeURIComponent(`${h.trap.origin}/pixel.png`)}`,
    );
    expect(snapshot.outcome).toEqual({ kind: 'ok' });
    expect(snapshot.network.blockedRequests).toBe(1);
    expect(snapshot.network.failedRequests).toBe(0);
    expect(await h.store.getText(snapshot.evidence.domSnapshot)).toContain('Text around an image');
    expect(h.trap.connections()).toBe(0);
  });

  it('refuses a page that redirected to a denied address and keeps no evidence of it', async () => {
    // Playwright does not route redirect hops, so this one is caught after Chromium followed it
    // (the trap does see that connection); what the page returned must still never be stored.
    const runId = randomUUID();
    const to = encodeURIComponent(`${h.trap.origin}/secret`);
    const err = await errorOf(
      h.bus.request(extractPage, { runId, url: `${h.site.origin}/redirect?to=${to}` }),
    );
    expect(err.code).toBe('egress_denied');
    expect(err.message).toMatch(/redirected to .*loopback/);
    const record = await findLogRecord(h.nc, (r) => r.run_id === runId);
    expect(record).toMatchObject({ status: 'fail', evidence: { dom_snapshot: null, screenshot: null } });
  });

  it('answers upstream_failed (retryable) when nothing listens on the port', async () => {
    const err = await errorOf(extract(`http://127.0.0.1:${h.closedPort}/`));
    expect(err).toMatchObject({ code: 'upstream_failed', retryable: true });
    expect(err.message).toMatch(/connection refused/);
  });

  it('answers upstream_failed when the host name does not resolve', async () => {
    const err = await errorOf(extract('http://forage-test-host.invalid/'));
    expect(err).toMatchObject({ code: 'upstream_failed', retryable: true });
    expect(err.message).toMatch(/did not resolve/);
  });

  it('logs failed extractions as fail records', async () => {
    const runId = randomUUID();
    await errorOf(h.bus.request(extractPage, { runId, url: `${h.trap.origin}/x` }));
    const record = await findLogRecord(h.nc, (r) => r.run_id === runId);
    expect(record).toMatchObject({
      status: 'fail',
      evidence: { dom_snapshot: null },
      output: { data: { error: { code: 'egress_denied' } } },
    });
  });

  it('answers invalid_request for payloads that break the contract, and keeps serving', async () => {
    for (const body of [
      { runId: 'nope', url: 'file:///etc/passwd' },
      { runId: randomUUID(), url: 'ftp://example.com/' },
      { url: 42 },
    ]) {
      const reply = decodeJson(
        (await h.nc.request(extractPage.subject, encodeJson(body), { timeout: 5_000 })).data,
      );
      expect(isErrorReply(reply) && reply.error.code).toBe('invalid_request');
    }
    const garbage = decodeJson(
      (await h.nc.request(extractPage.subject, new TextEncoder().encode('{not json'), { timeout: 5_000 }))
        .data,
    );
    expect(isErrorReply(garbage) && garbage.error.code).toBe('invalid_request');
    const snapshot = await extract(`${h.site.origin}/login`);
    expect(snapshot.status).toBe(200);
  });
});
