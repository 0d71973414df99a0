import { callProvider, type CallClock, type ProviderPolicy } from './call-provider.js';
import { RateLimiter } from './rate-limiter.js';
import { retryAfterMs } from './retry-after.js';
import type { ProviderHit, SearchProvider } from './provider.js';
import { ProviderAuthError, ProviderRateLimitedError, ProviderUnavailableError } from './provider-errors.js';
import { runProviders } from './run-providers.js';

/** A clock whose sleeps advance time at once and are recorded. */
function fakeClock(): CallClock & { slept: number[] } {
  let t = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => t,
    sleep: (ms) => {
      slept.push(ms);
      t += ms;
      return Promise.resolve();
    },
  };
}

const hit: ProviderHit = { url: 'https://a.example/', title: 'A', snippet: '', position: 1 };
const query = { text: 'q', original: 'q', limit: 5, language: 'en', filters: {} };
const policy: ProviderPolicy = { timeoutMs: 5_000, retries: 2, backoffMs: 100, maxRetryAfterMs: 3_000 };

function scripted(
  name: string,
  answers: (ProviderHit[] | Error)[],
  cost = 0,
): SearchProvider & { calls: number } {
  const p = {
    name,
    costPerQueryUsd: cost,
    calls: 0,
    search() {
      const a = answers[Math.min(p.calls++, answers.length - 1)];
      return a instanceof Error ? Promise.reject(a) : Promise.resolve(a ?? []);
    },
  };
  return p;
}

describe('callProvider', () => {
  it('backs off exponentially between retryable failures', async () => {
    const clock = fakeClock();
    const provider = scripted('p', [
      new ProviderUnavailableError('HTTP 502'),
      new ProviderUnavailableError('HTTP 502'),
      [hit],
    ]);
    const { report } = await callProvider({
      provider,
      query,
      policy,
      limiter: new RateLimiter(100, 10, clock.now),
      clock,
    });
    expect(report).toMatchObject({ status: 'ok', attempts: 3 });
    expect(clock.slept).toEqual([100, 200]);
  });

  it('waits the Retry-After it was given instead of its own back-off', async () => {
    const clock = fakeClock();
    const provider = scripted('p', [new ProviderRateLimitedError('HTTP 429', 1_500), [hit]]);
    await callProvider({ provider, query, policy, limiter: new RateLimiter(100, 10, clock.now), clock });
    expect(clock.slept).toEqual([1_500]);
  });

  it('blocks the provider for later queries when Retry-After is too long to wait', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(100, 10, clock.now);
    const provider = scripted('p', [new ProviderRateLimitedError('HTTP 429', 60_000), [hit]]);
    const first = await callProvider({ provider, query, policy, limiter, clock });
    expect(first.report.status).toBe('rate_limited');
    const second = await callProvider({ provider, query, policy, limiter, clock });
    expect(second.report).toMatchObject({ status: 'rate_limited', attempts: 0 });
    expect(provider.calls).toBe(1);
  });

  it('does not retry what cannot succeed', async () => {
    const clock = fakeClock();
    const provider = scripted('p', [new ProviderAuthError('HTTP 401')]);
    const { report } = await callProvider({
      provider,
      query,
      policy,
      limiter: new RateLimiter(100, 10, clock.now),
      clock,
    });
    expect(report).toMatchObject({ status: 'auth_failed', attempts: 1, reason: 'HTTP 401' });
  });

  it('waits for a rate-limit token when the burst is spent', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(2, 1, clock.now);
    const provider = scripted('p', [[hit]]);
    await callProvider({ provider, query, policy, limiter, clock });
    await callProvider({ provider, query, policy, limiter, clock });
    expect(clock.slept).toEqual([500]);
  });
});

describe('runProviders', () => {
  const slot = (provider: SearchProvider, clock: CallClock) => ({
    provider,
    policy: { ...policy, retries: 0 },
    limiter: new RateLimiter(100, 10, clock.now),
  });

  it('failover stops at the first source with results and reports each source asked', async () => {
    const clock = fakeClock();
    const a = scripted('a', [new ProviderUnavailableError('HTTP 503')]);
    const b = scripted('b', [[]]);
    const c = scripted('c', [[hit]], 0.01);
    const d = scripted('d', [[hit]]);
    const out = await runProviders({
      slots: [a, b, c, d].map((p) => slot(p, clock)),
      mode: 'failover',
      query,
      clock,
    });
    expect(out.sources.map((s) => [s.provider, s.status])).toEqual([
      ['a', 'error'],
      ['b', 'empty'],
      ['c', 'ok'],
    ]);
    expect(d.calls).toBe(0);
    expect(out.hits).toEqual([{ ...hit, provider: 'c' }]);
    expect(out.costUsd).toBe(0.01);
  });

  it('merge asks every source and keeps all hits in source order', async () => {
    const clock = fakeClock();
    const out = await runProviders({
      slots: [scripted('a', [[hit]]), scripted('b', [[hit]])].map((p) => slot(p, clock)),
      mode: 'merge',
      query,
      clock,
    });
    expect(out.hits.map((h) => h.provider)).toEqual(['a', 'b']);
  });
});

describe('retryAfterMs', () => {
  it('reads delay-seconds and HTTP dates', () => {
    expect(retryAfterMs('3', 0)).toBe(3_000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(
      10_000,
    );
    expect(retryAfterMs('soon', 0)).toBeNull();
    expect(retryAfterMs(undefined, 0)).toBeNull();
  });
});
