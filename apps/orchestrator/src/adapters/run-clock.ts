/**
 * A run's clock: run time excludes the time spent waiting for the user (needs_input), and the
 * deadline fires when run time reaches it, so a run that waits is not cut short by its own wait.
 */
export class RunClock {
  private readonly startedAt = performance.now();
  private waitedMs = 0;
  private pausedAt: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private onExpire: (() => void) | undefined;

  constructor(private readonly deadlineMs: number) {}

  /** Rejects once run time reaches the deadline. */
  expiry(error: () => Error): Promise<never> {
    return new Promise<never>((_, reject) => {
      this.onExpire = () => {
        reject(error());
      };
      this.schedule();
    });
  }

  runTime(): number {
    const pausedFor = this.pausedAt === undefined ? 0 : performance.now() - this.pausedAt;
    return performance.now() - this.startedAt - this.waitedMs - pausedFor;
  }

  /** Wall time since the start, waits included. */
  wallTime(): number {
    return performance.now() - this.startedAt;
  }

  pause(): void {
    if (this.pausedAt !== undefined) return;
    this.pausedAt = performance.now();
    clearTimeout(this.timer);
  }

  resume(): void {
    if (this.pausedAt === undefined) return;
    this.waitedMs += performance.now() - this.pausedAt;
    this.pausedAt = undefined;
    this.schedule();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.onExpire = undefined;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (!this.onExpire) return;
    const fire = this.onExpire;
    this.timer = setTimeout(fire, Math.max(0, this.deadlineMs - this.runTime()));
  }
}
