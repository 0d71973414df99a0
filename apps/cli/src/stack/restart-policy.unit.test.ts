import { DEFAULT_RESTART_POLICY, nextRestart, type RestartPolicy } from './restart-policy.js';

const policy: RestartPolicy = { initialDelayMs: 500, maxDelayMs: 8_000, stableAfterMs: 60_000 };

describe('nextRestart', () => {
  it('doubles the delay with every quick crash in a row, up to the maximum', () => {
    let streak = 0;
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      const next = nextRestart({ policy, streak, uptimeMs: 100 });
      delays.push(next.delayMs);
      streak = next.streak;
    }
    expect(delays).toEqual([500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
    expect(streak).toBe(7);
  });

  it('starts again from the first delay after a stable run', () => {
    const next = nextRestart({ policy, streak: 6, uptimeMs: 60_000 });
    expect(next).toEqual({ delayMs: 500, streak: 1 });
  });

  it('never waits longer than the maximum however long the streak', () => {
    expect(nextRestart({ policy: DEFAULT_RESTART_POLICY, streak: 1_000, uptimeMs: 0 }).delayMs).toBe(
      DEFAULT_RESTART_POLICY.maxDelayMs,
    );
  });
});
