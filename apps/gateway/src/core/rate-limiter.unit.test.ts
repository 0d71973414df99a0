import { RateLimiter } from './rate-limiter.js';

describe('RateLimiter', () => {
  it('allows the burst, then refuses until a token has refilled', () => {
    const limiter = new RateLimiter({ perMinute: 60, burst: 3 });
    const t0 = 1_000_000;
    expect([1, 2, 3].map(() => limiter.take('a', t0).ok)).toEqual([true, true, true]);
    expect(limiter.take('a', t0)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(limiter.take('a', t0 + 1_000).ok).toBe(true);
    expect(limiter.take('a', t0 + 1_000).ok).toBe(false);
  });

  it('keeps clients apart', () => {
    const limiter = new RateLimiter({ perMinute: 1, burst: 1 });
    expect(limiter.take('a', 0).ok).toBe(true);
    expect(limiter.take('a', 0)).toEqual({ ok: false, retryAfterSeconds: 60 });
    expect(limiter.take('b', 0).ok).toBe(true);
  });

  it('forgets the least recently seen clients beyond its bound', () => {
    const limiter = new RateLimiter({ perMinute: 1, burst: 1, maxClients: 2 });
    limiter.take('a', 0);
    limiter.take('b', 0);
    limiter.take('c', 0);
    expect(limiter.clients).toBe(2);
  });
});
