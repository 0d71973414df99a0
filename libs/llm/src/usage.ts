/** Tokens and cost of the completions made for one run (or one request when no run is named). */
export interface LlmUsage {
  readonly calls: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** US dollars, from the configured prices; 0 when no price is set. */
  readonly costUsd: number;
}

/** Dollars per million tokens, as providers publish them. */
export interface LlmPricing {
  readonly inputPerMTok: number;
  readonly outputPerMTok: number;
}

export const NO_USAGE: LlmUsage = { calls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 };

export function costOf(promptTokens: number, completionTokens: number, pricing?: LlmPricing): number {
  if (!pricing) return 0;
  return (promptTokens * pricing.inputPerMTok + completionTokens * pricing.outputPerMTok) / 1_000_000;
}

export function addUsage(a: LlmUsage, b: LlmUsage): LlmUsage {
  return {
    calls: a.calls + b.calls,
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    costUsd: a.costUsd + b.costUsd,
  };
}

/**
 * Usage per run, kept in memory by the service that makes the calls; entries are dropped with
 * `take` (when the run's report is built) or when the meter holds more than `maxRuns` runs.
 */
export class LlmUsageMeter {
  private readonly byRun = new Map<string, LlmUsage>();

  constructor(private readonly maxRuns = 10_000) {}

  record(runId: string | undefined, usage: LlmUsage): void {
    const key = runId ?? '';
    this.byRun.set(key, addUsage(this.byRun.get(key) ?? NO_USAGE, usage));
    if (this.byRun.size > this.maxRuns) {
      const oldest = this.byRun.keys().next().value;
      if (oldest !== undefined) this.byRun.delete(oldest);
    }
  }

  get(runId: string): LlmUsage {
    return this.byRun.get(runId) ?? NO_USAGE;
  }

  /** The run's usage, forgotten afterwards. */
  take(runId: string): LlmUsage {
    const usage = this.get(runId);
    this.byRun.delete(runId);
    return usage;
  }
}
