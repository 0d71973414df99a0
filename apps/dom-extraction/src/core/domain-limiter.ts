import { DomainBusyError } from '../errors.js';

/** Time as the limiter sees it; tests drive it by hand. */
export interface LimiterClock {
  now(): number;
  /** Calls `fn` after `ms`; the returned function cancels it. */
  schedule(fn: () => void, ms: number): () => void;
}

export const systemClock: LimiterClock = {
  now: () => Date.now(),
  schedule: (fn, ms) => {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => {
      clearTimeout(timer);
    };
  },
};

/** A request's turn at a host: `start` right before it goes out, `release` when it is done. */
export interface DomainTurn {
  /**
   * Waits until `delayMs` after the previous start at this host (and past any back-off), and
   * counts this as the host's latest start. Starts are reserved in call order, so two requests
   * running at once still go out `delayMs` apart.
   */
  start(delayMs: number): Promise<void>;
  release(): void;
}

/** Why a host is being left alone for a while (a 429 or 503 that said when to come back). */
export interface DomainBackoff {
  readonly until: number;
  readonly reason: 'http_429' | 'http_503';
}

interface Waiter {
  readonly grant: (turn: DomainTurn) => void;
  readonly cancelDeadline: () => void;
}

interface HostState {
  active: number;
  lastStartAt: number;
  backoff: DomainBackoff | null;
  readonly queue: Waiter[];
  cancelWake: (() => void) | null;
}

/**
 * Per-host politeness: at most `maxConcurrency` requests to a host at once, at least `delayMs`
 * between the starts of two of them, none while the host asked us to back off. Waiters are served
 * in arrival order; one whose wait would outlast its deadline is refused rather than left to hang.
 */
export class DomainLimiter {
  private readonly hosts = new Map<string, HostState>();

  constructor(
    private readonly options: {
      maxConcurrency: number;
      maxBackoffMs: number;
      /** The longest delay a request may ask for: an idle host is remembered at least this long. */
      maxDelayMs: number;
    },
    private readonly clock: LimiterClock = systemClock,
  ) {}

  /** The back-off a host is under right now, if any. */
  backoffOf(host: string): DomainBackoff | null {
    const backoff = this.hosts.get(host)?.backoff ?? null;
    return backoff && backoff.until > this.clock.now() ? backoff : null;
  }

  /** Leaves `host` alone for `ms` (capped by maxBackoffMs); a longer back-off already in force stays. */
  backOff(host: string, input: { ms: number; reason: DomainBackoff['reason'] }): DomainBackoff {
    const state = this.state(host);
    const until = this.clock.now() + Math.min(Math.max(0, input.ms), this.options.maxBackoffMs);
    if (!state.backoff || state.backoff.until < until) state.backoff = { until, reason: input.reason };
    return state.backoff;
  }

  /**
   * Waits for a turn at `host` (at most `maxConcurrency` at once, none during a back-off), for at
   * most `maxWaitMs` (DomainBusyError). The delay between starts is kept by `turn.start`.
   */
  acquire(input: { host: string; maxWaitMs: number }): Promise<DomainTurn> {
    const state = this.state(input.host);
    return new Promise<DomainTurn>((resolve, reject) => {
      let waiter: Waiter | undefined = undefined;
      const cancelDeadline = this.clock.schedule(() => {
        if (!waiter) return;
        const at = state.queue.indexOf(waiter);
        if (at < 0) return;
        state.queue.splice(at, 1);
        reject(
          new DomainBusyError(
            `${input.host} stayed busy for ${input.maxWaitMs} ms (politeness: ${this.options.maxConcurrency} at a time)`,
          ),
        );
        this.pump(input.host, state);
      }, input.maxWaitMs);
      waiter = { grant: resolve, cancelDeadline };
      state.queue.push(waiter);
      this.pump(input.host, state);
    });
  }

  /** Hosts with any state (for tests and health). */
  get trackedHosts(): number {
    return this.hosts.size;
  }

  private state(host: string): HostState {
    let state = this.hosts.get(host);
    if (!state) {
      if (this.hosts.size >= SWEEP_ABOVE_HOSTS) this.forgetIdleHosts();
      state = {
        active: 0,
        lastStartAt: Number.NEGATIVE_INFINITY,
        backoff: null,
        queue: [],
        cancelWake: null,
      };
      this.hosts.set(host, state);
    }
    return state;
  }

  /** Grants turns to the head of the queue while there is room; during a back-off, wakes up when it ends. */
  private pump(host: string, state: HostState): void {
    state.cancelWake?.();
    state.cancelWake = null;
    for (;;) {
      const head = state.queue[0];
      if (!head || state.active >= this.options.maxConcurrency) return;
      const now = this.clock.now();
      const backoffUntil = state.backoff?.until ?? 0;
      if (backoffUntil > now) {
        state.cancelWake = this.clock.schedule(() => {
          state.cancelWake = null;
          this.pump(host, state);
        }, backoffUntil - now);
        return;
      }
      state.queue.shift();
      head.cancelDeadline();
      state.active++;
      head.grant(this.turn(host, state));
    }
  }

  private turn(host: string, state: HostState): DomainTurn {
    let released = false;
    return {
      start: (delayMs) => {
        const now = this.clock.now();
        const at = Math.max(now, state.lastStartAt + delayMs, state.backoff?.until ?? 0);
        state.lastStartAt = at;
        if (at <= now) return Promise.resolve();
        return new Promise<void>((resolve) => {
          this.clock.schedule(resolve, at - now);
        });
      },
      release: () => {
        if (released) return;
        released = true;
        state.active--;
        this.pump(host, state);
      },
    };
  }

  /**
   * Hosts with nothing running or queued are dropped once their delay and back-off have passed,
   * so the map does not grow with every host ever seen; their next request may start at once.
   */
  private forgetIdleHosts(): void {
    const now = this.clock.now();
    for (const [host, state] of this.hosts) {
      if (state.active > 0 || state.queue.length > 0) continue;
      const holdUntil = Math.max(state.lastStartAt + this.options.maxDelayMs, state.backoff?.until ?? 0);
      if (holdUntil <= now) this.hosts.delete(host);
    }
  }
}

/** Idle hosts are swept out when this many are tracked. */
const SWEEP_ABOVE_HOSTS = 1_000;
