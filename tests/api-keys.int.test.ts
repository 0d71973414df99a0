import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '@forage/browser';
import { createApiKey, writeApiKeyFile, type ApiKeyRecord } from '@forage/config';
import type { RunningNatsServer, RunningService } from '@forage/messaging';
import { startTestNats, tempDir } from '@forage/testing';
import { loadLoggingConfig } from '../apps/logging/src/config.js';
import { startLoggingService } from '../apps/logging/src/service.js';
import { loadGatewayConfig } from '../apps/gateway/src/config.js';
import { startGatewayService, type RunningGateway } from '../apps/gateway/src/service.js';

const question = JSON.stringify({ question: 'What is the population of somewhere?' });

/**
 * API keys required (as on a gateway reachable beyond loopback), over a real nats-server, the real
 * logging service (the runs history records each run's key) and real Chromium.
 */
describe('gateway API keys', () => {
  const dir = tempDir('forage-gw-keys-');
  const keysFile = join(dir.path, 'api-keys.json');
  const first = createApiKey('first');
  const second = createApiKey('second');
  let nats: RunningNatsServer;
  let gateway: RunningGateway;
  let logging: RunningService;
  let browser: Browser | undefined;

  const post = (headers: Record<string, string>) =>
    fetch(`${gateway.httpUrl}/v1/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: question,
    });
  const write = (keys: ApiKeyRecord[]) => {
    writeApiKeyFile(keysFile, { keys });
  };

  beforeAll(async () => {
    write([first.record, second.record]);
    nats = await startTestNats();
    logging = await startLoggingService(
      loadLoggingConfig({
        NATS_URL: nats.url,
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
        LOGGING_DATA_DIR: 'memory://',
      }),
    );
    gateway = await startGatewayService(
      loadGatewayConfig({
        NATS_URL: nats.url,
        GATEWAY_PORT: '0',
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
        GATEWAY_REQUIRE_API_KEY: 'true',
        GATEWAY_API_KEYS_FILE: keysFile,
        GATEWAY_RUNS_BURST: '5',
        GATEWAY_RUNS_PER_MINUTE: '1',
      }),
    );
  });

  afterAll(async () => {
    await browser?.close();
    await gateway.stop();
    await logging.stop();
    await nats.stop();
    dir.remove();
  });

  it('refuses /v1 without a key, or with an unknown one, with 401 and the typed error', async () => {
    const none = await post({});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await none.json()).toMatchObject({ error: { code: 'blocked', retryable: false } });
    const unknown = await post({ authorization: `Bearer ${createApiKey('stranger').token}` });
    expect(unknown.status).toBe(401);
    // the page itself needs no key
    expect((await fetch(`${gateway.httpUrl}/`)).status).toBe(200);
  });

  it('accepts a known key as a Bearer token or X-Api-Key, also for reading the run', async () => {
    const created = await post({ authorization: `Bearer ${first.token}` });
    expect(created.status).toBe(202);
    const { statusUrl } = (await created.json()) as { statusUrl: string };
    expect((await post({ 'x-api-key': first.token })).status).toBe(202);
    expect((await fetch(`${gateway.httpUrl}${statusUrl}`)).status).toBe(401);
    expect(
      (await fetch(`${gateway.httpUrl}${statusUrl}`, { headers: { 'x-api-key': first.token } })).status,
    ).toBe(200);
  });

  it('shows a key only its own runs: listed, read, cancelled', async () => {
    const created = await post({ authorization: `Bearer ${second.token}` });
    expect(created.status).toBe(202);
    const { runId } = (await created.json()) as { runId: string };
    const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    const listed = async (token: string) =>
      (
        (await (await fetch(`${gateway.httpUrl}/v1/runs?limit=50`, as(token))).json()) as {
          runs: { runId: string }[];
        }
      ).runs.map((r) => r.runId);
    expect(await listed(second.token)).toEqual([runId]);
    expect(await listed(first.token)).not.toContain(runId);
    expect((await fetch(`${gateway.httpUrl}/v1/runs/${runId}`, as(first.token))).status).toBe(404);
    expect((await fetch(`${gateway.httpUrl}/v1/runs/${runId}/events`, as(first.token))).status).toBe(404);
    expect(
      (await fetch(`${gateway.httpUrl}/v1/runs/${runId}`, { ...as(first.token), method: 'DELETE' })).status,
    ).toBe(404);
    expect((await fetch(`${gateway.httpUrl}/v1/runs/${runId}`, as(second.token))).status).toBe(200);
    // a thread is continued only by the key that may see the run that started it
    const followUp = (token: string) =>
      fetch(`${gateway.httpUrl}/v1/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ question: 'And what is its area?', threadId: runId }),
      });
    expect((await followUp(first.token)).status).toBe(404);
    const own = await followUp(second.token);
    expect(own.status).toBe(202);
    expect(((await own.json()) as { threadId: string }).threadId).toBe(runId);
  });

  it('limits runs per key, not per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await post({ authorization: `Bearer ${first.token}` })).status);
    expect(statuses).toContain(429);
    // the same client with another key still has its own budget
    expect((await post({ authorization: `Bearer ${second.token}` })).status).toBe(202);
  });

  it('stops accepting a key once it is revoked in the file, without a restart', async () => {
    write([first.record, { ...second.record, revokedAt: new Date().toISOString() }]);
    const revoked = await post({ authorization: `Bearer ${second.token}` });
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toMatchObject({ error: { message: 'the API key is unknown or revoked' } });
  });

  it('the web UI asks for the key and then sends it with the question and the event stream', async () => {
    const fresh = createApiKey('browser');
    write([first.record, fresh.record]);
    browser = await chromium.launch({ executablePath: findChromium(undefined), args: [...CHROMIUM_ARGS] });
    const page = await browser.newPage();
    await page.goto(`${gateway.httpUrl}/`);
    await page.fill('#q', 'What is the population of somewhere?');
    await page.click('#go');
    await page.waitForSelector('#ask-error .answer.none');
    expect(await page.textContent('#ask-error')).toContain('an API key is required');
    expect(await page.getAttribute('#keybox', 'open')).not.toBeNull();

    await page.fill('#key', fresh.token);
    const events = page.waitForResponse((r) => r.url().includes('/events'));
    const created = page.waitForResponse((r) => r.url().endsWith('/v1/runs'));
    await page.click('#go');
    expect((await created).status()).toBe(202);
    expect((await events).status()).toBe(200);
    expect(await page.evaluate(() => localStorage.getItem('forage-api-key'))).toBe(fresh.token);
  }, 60_000);
});
