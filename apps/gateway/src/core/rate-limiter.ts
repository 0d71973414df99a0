/**
 * Token bucket per client: `burst` requests at once, refilled at `perMinute`. Pure apart from the
 * clock, which the caller passes in. Buckets of idle clients are dropped so memory stays bounded.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly limits: {
      readonly perMinute: number;
      readonly burst: number;
      readonly maxClients?: number;
    },
  ) {}

  /** Takes one token for `client`; when none is left, says how many seconds until one is. */
  take(client: string, now: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const ratePerMs = this.limits.perMinute / 60_000;
    const bucket = this.buckets.get(client) ?? { tokens: this.limits.burst, at: now };
    bucket.tokens = Math.min(this.limits.burst, bucket.tokens + (now - bucket.at) * ratePerMs);
    bucket.at = now;
    this.buckets.delete(client);
    this.buckets.set(client, bucket);
    this.evict();
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerMs / 1000)) };
  }

  get clients(): number {
    return this.buckets.size;
  }

  private evict(): void {
    const max = this.limits.maxClients ?? 10_000;
    // the map keeps insertion order and take() re-inserts: the first keys are the least recently seen
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= max) break;
      this.buckets.delete(key);
    }
  }
}
