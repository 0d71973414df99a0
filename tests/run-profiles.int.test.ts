import { join } from 'node:path';
import { createApiKey, writeApiKeyFile } from '@forage/config';
import {
  closeSessionResponseSchema,
  profileListSchema,
  sessionViewSchema,
  type ProfileSummary,
} from '@forage/contracts';
import { tempDir } from '@forage/testing';
import { loadGatewayConfig } from '../apps/gateway/src/config.js';
import { startGatewayService, type RunningGateway } from '../apps/gateway/src/service.js';
import { startInProcessStack, waitAllHealthy, type InProcessStack } from './support/stack.js';
import { askOverHttp, type RunCompletion } from './support/runs.js';
import { startFormSite, type FormSite } from './support/session-stack.js';

/**
 * Browser profiles of runs (issue 27): a login made once in an agent session is reused by a run
 * asked with the same profile of the same API key — the run's actions reach the site with the
 * session's cookie — and by no run without it, nor by another key's run naming the same profile.
 * Real services over a real nats-server, real Chromium; the site's server judges what it received.
 */
describe('browser profiles of runs', () => {
  let stack: InProcessStack;
  let gateway: RunningGateway;
  let site: FormSite;
  const dir = tempDir('forage-run-profiles-');
  const a = createApiKey('runner-a');
  const b = createApiKey('runner-b');

  beforeAll(async () => {
    site = await startFormSite();
    stack = await startInProcessStack({ allowOrigins: [site.origin] });
    await waitAllHealthy(stack.services);
    // a gateway that requires API keys, on the same bus: profiles belong to the key that asks
    const keysFile = join(dir.path, 'api-keys.json');
    writeApiKeyFile(keysFile, { keys: [a.record, b.record] });
    gateway = await startGatewayService(
      loadGatewayConfig({ ...stack.env, GATEWAY_REQUIRE_API_KEY: 'true', GATEWAY_API_KEYS_FILE: keysFile }),
    );
  }, 180_000);

  afterAll(async () => {
    await gateway.stop();
    await stack.stop();
    await site.stop();
    dir.remove();
  }, 60_000);

  /** One call of the keyed gateway, its body read with the contract's schema. */
  const sessionCall = async <T>(
    schema: { parse(value: unknown): T },
    request: { key: string; method: string; path: string; body?: unknown },
  ): Promise<{ status: number; body: T }> => {
    const { key, method, path, body } = request;
    const res = await fetch(`${gateway.httpUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: schema.parse(await res.json()) };
  };
  const profileP = async (key: string): Promise<ProfileSummary | undefined> =>
    (await sessionCall(profileListSchema, { key, method: 'GET', path: '/v1/profiles' })).body.profiles.find(
      (p) => p.name === 'p',
    );
  /** The first value `probe` gives within 15 s (undefined: none). */
  const until = async <T>(probe: () => Promise<T | undefined>): Promise<T | undefined> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const value = await probe();
      if (value !== undefined || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  /** Asks the instruction on /home with `key`; the site's requests made while the run went. */
  const clickAccount = async (
    key: string,
    profile?: string,
  ): Promise<{ completed: RunCompletion; requests: FormSite['requests'] }> => {
    const from = site.requests.length;
    const { completed } = await askOverHttp(gateway.httpUrl, 'Click the "Account" link', {
      urls: [`${site.origin}/home`],
      apiKey: key,
      ...(profile ? { profile } : {}),
    });
    return { completed, requests: site.requests.slice(from) };
  };

  it('acts with the login a session saved to the profile, and saves the profile back at the run end', async () => {
    const opened = await sessionCall(sessionViewSchema, {
      key: a.token,
      method: 'POST',
      path: '/v1/sessions',
      body: { url: `${site.origin}/login`, profile: 'p' },
    });
    expect(opened.status).toBe(201);
    const closed = await sessionCall(closeSessionResponseSchema, {
      key: a.token,
      method: 'DELETE',
      path: `/v1/sessions/${opened.body.sessionId}`,
    });
    expect(closed.body.profile).toMatchObject({ name: 'p', saved: true });
    const savedBySession = await profileP(a.token);

    const run = await clickAccount(a.token, 'p');
    expect(run.completed.outcome).toBe('answered');
    // the run's own action reached the account page with the session's login
    expect(run.requests).toContainEqual({ path: '/account', sid: site.sessionCookie });
    expect(run.completed.answer?.text).toMatch(/Welcome back, Ada/);
    // the run's session saved its state back to the profile when the run ended
    const savedByRun = await until(async () => {
      const p = await profileP(a.token);
      return p && p.updatedAt !== savedBySession?.updatedAt ? p : undefined;
    });
    expect(savedByRun?.origins).toEqual([site.origin]);
  }, 240_000);

  it('does not send the login from a run without the profile', async () => {
    const run = await clickAccount(a.token);
    expect(run.requests.some((r) => r.path === '/account')).toBe(true);
    expect(run.requests.filter((r) => r.sid !== null)).toEqual([]);
  }, 240_000);

  it("never reaches another key's profile: key b's run on a profile named p starts without the login", async () => {
    const run = await clickAccount(b.token, 'p');
    expect(run.requests.some((r) => r.path === '/account')).toBe(true);
    expect(run.requests.filter((r) => r.sid !== null)).toEqual([]);
    // b's run saved b's own profile p when it ended (its session closes on the run's end)
    expect(await until(() => profileP(b.token))).toMatchObject({ name: 'p', origins: [site.origin] });
  }, 240_000);
});
