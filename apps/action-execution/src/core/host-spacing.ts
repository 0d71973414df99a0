/**
 * Per-host politeness for navigations: the starts of two navigations to one host (host:port)
 * are at least `gapMs` apart. `reserve` books the next start and says how long to wait for it,
 * so concurrent sessions on one host queue up instead of arriving together.
 */
export class HostSpacing {
  private readonly nextStart = new Map<string, number>();

  constructor(private readonly maxHosts = 10_000) {}

  reserve(input: { host: string; now: number; gapMs: number }): number {
    const start = Math.max(input.now, this.nextStart.get(input.host) ?? 0);
    this.nextStart.delete(input.host);
    if (this.nextStart.size >= this.maxHosts) {
      // forget hosts whose spacing has long passed (oldest bookings first)
      for (const [host, at] of this.nextStart) {
        if (at > input.now || this.nextStart.size < this.maxHosts / 2) break;
        this.nextStart.delete(host);
      }
    }
    this.nextStart.set(input.host, start + input.gapMs);
    return start - input.now;
  }
}
