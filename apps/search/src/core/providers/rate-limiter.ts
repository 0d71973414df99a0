/**
 * A token bucket per provider, plus a "blocked until" set when the provider said Retry-After
 * longer than we are willing to wait: later queries skip it until then instead of hammering it.
 */
export class RateLimiter {
  private tokens: number;
  private updatedAt: number;
  private blockedUntil = 0;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number,
  ) {
    this.tokens = burst;
    this.updatedAt = now();
  }

  /** Takes one token; returns how long to wait before sending (0 = now). */
  reserve(): number {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.updatedAt) / 1000) * this.perSecond);
    this.updatedAt = now;
    this.tokens -= 1;
    const waitForToken = this.tokens >= 0 ? 0 : (-this.tokens / this.perSecond) * 1000;
    return Math.max(waitForToken, this.blockedUntil - now);
  }

  /** Gives a reserved token back (the request was not sent). */
  release(): void {
    this.tokens = Math.min(this.burst, this.tokens + 1);
  }

  blockFor(ms: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, this.now() + ms);
  }

  /** When the provider may be asked again (epoch ms), 0 when not blocked. */
  get blockedUntilMs(): number {
    return this.blockedUntil > this.now() ? this.blockedUntil : 0;
  }
}
