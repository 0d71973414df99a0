import { DomainBusyError } from '../errors.js';
import { DomainLimiter, type DomainTurn, type LimiterClock } from './domain-limiter.js';

/** A clock the test moves by hand; due callbacks run in time order. */
class ManualClock implements LimiterClock {
  private t = 0;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 0;

  now(): number {
    return this.t;
  }

  schedule(fn: () => void, ms: number): () => void {
    const id = this.nextId++;
    this.timers.push({ at: this.t + ms, fn, id });
    return () => {
      this.timers = this.timers.filter((timer) => timer.id !== id);
    };
  }

  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.t = due.at;
      due.fn();
      await flush();
    }
    this.t = end;
    await flush();
  }
}

const flush = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

function setup(maxConcurrency = 2) {
  const clock = new ManualClock();
  const limiter = new DomainLimiter({ maxConcurrency, maxBackoffMs: 60_000, maxDelayMs: 30_000 }, clock);
  const started: { label: string; at: number; turn: DomainTurn }[] = [];
  const failed: { label: string; err: unknown }[] = [];
  /** Asks for a turn and, once granted, starts at once with `delayMs`. */
  const request = (label: string, host = 'a.test', delayMs = 0, maxWaitMs = 10_000): void => {
    limiter
      .acquire({ host, maxWaitMs })
      .then(async (turn) => {
        await turn.start(delayMs);
        started.push({ label, at: clock.now(), turn });
      })
      .catch((err: unknown) => failed.push({ label, err }));
  };
  const release = (label: string): void => {
    started.find((s) => s.label === label)?.turn.release();
  };
  return { clock, limiter, started, failed, request, release };
}

describe('DomainLimiter', () => {
  it('runs at most maxConcurrency requests per host, the rest in arrival order', async () => {
    const { started, request, release } = setup(2);
    for (const label of ['1', '2', '3', '4']) request(label);
    await flush();
    expect(started.map((s) => s.label)).toEqual(['1', '2']);
    release('2');
    await flush();
    expect(started.map((s) => s.label)).toEqual(['1', '2', '3']);
    release('1');
    await flush();
    expect(started.map((s) => s.label)).toEqual(['1', '2', '3', '4']);
  });

  it('keeps hosts apart', async () => {
    const { started, request } = setup(1);
    request('a1', 'a.test');
    request('a2', 'a.test');
    request('b1', 'b.test');
    await flush();
    expect(started.map((s) => s.label)).toEqual(['a1', 'b1']);
  });

  it('spaces the starts of requests to one host by the delay, also when they run at once', async () => {
    const { clock, started, request, release } = setup(2);
    for (const label of ['1', '2', '3']) request(label, 'a.test', 500);
    await flush();
    expect(started.map((s) => [s.label, s.at])).toEqual([['1', 0]]);
    await clock.advance(499);
    expect(started).toHaveLength(1);
    await clock.advance(1);
    expect(started.map((s) => [s.label, s.at])).toEqual([
      ['1', 0],
      ['2', 500],
    ]);
    release('1');
    await clock.advance(500);
    expect(started.map((s) => [s.label, s.at])).toEqual([
      ['1', 0],
      ['2', 500],
      ['3', 1000],
    ]);
  });

  it('refuses a request whose wait outlasts its budget, and serves the next one', async () => {
    const { clock, started, failed, request, release } = setup(1);
    request('1');
    request('2', 'a.test', 0, 1_000);
    request('3', 'a.test', 0, 5_000);
    await clock.advance(1_000);
    expect(failed.map((f) => f.label)).toEqual(['2']);
    expect(failed[0]?.err).toBeInstanceOf(DomainBusyError);
    release('1');
    await flush();
    expect(started.map((s) => s.label)).toEqual(['1', '3']);
  });

  it('holds a host that backed off until the back-off ends, capped by maxBackoffMs', async () => {
    const { clock, limiter, started, request } = setup(2);
    expect(limiter.backOff('a.test', { ms: 3_000, reason: 'http_429' })).toEqual({
      until: 3_000,
      reason: 'http_429',
    });
    request('1', 'a.test', 0, 10_000);
    request('other', 'b.test');
    await flush();
    await clock.advance(2_999);
    expect(started.map((s) => s.label)).toEqual(['other']);
    expect(limiter.backoffOf('a.test')?.reason).toBe('http_429');
    await clock.advance(1);
    expect(started.map((s) => [s.label, s.at])).toEqual([
      ['other', 0],
      ['1', 3_000],
    ]);
    expect(limiter.backoffOf('a.test')).toBeNull();
    expect(limiter.backOff('c.test', { ms: 10_000_000, reason: 'http_503' }).until).toBe(3_000 + 60_000);
  });

  it('keeps the longer of two back-offs', () => {
    const { limiter } = setup();
    limiter.backOff('a.test', { ms: 5_000, reason: 'http_503' });
    expect(limiter.backOff('a.test', { ms: 1_000, reason: 'http_429' })).toEqual({
      until: 5_000,
      reason: 'http_503',
    });
  });

  it('a release given twice frees one slot only', async () => {
    const { started, request, release } = setup(1);
    request('1');
    request('2');
    request('3');
    await flush();
    release('1');
    release('1');
    await flush();
    expect(started.map((s) => s.label)).toEqual(['1', '2']);
  });
});
