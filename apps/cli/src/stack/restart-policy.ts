/**
 * When to restart a crashed process: exponential back-off over consecutive quick crashes, reset
 * once the process has stayed up long enough to count as stable. Pure, so it is tested directly.
 */
export interface RestartPolicy {
  /** Delay before the first restart. */
  readonly initialDelayMs: number;
  /** Upper bound of the delay however often the process crashes. */
  readonly maxDelayMs: number;
  /** A process that ran at least this long before exiting starts the back-off again from the beginning. */
  readonly stableAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  stableAfterMs: 60_000,
};

/**
 * The next restart: how long to wait, and the crash streak after this exit (the streak counts
 * exits that came soon after a start; a stable run resets it).
 */
export function nextRestart(input: {
  policy: RestartPolicy;
  /** Consecutive quick crashes before this exit. */
  streak: number;
  /** How long the process ran before this exit. */
  uptimeMs: number;
}): { delayMs: number; streak: number } {
  const streak = input.uptimeMs >= input.policy.stableAfterMs ? 1 : input.streak + 1;
  const delayMs = Math.min(input.policy.maxDelayMs, input.policy.initialDelayMs * 2 ** (streak - 1));
  return { delayMs, streak };
}
