import type { StepName } from '@forage/contracts';
import type { Activities } from '../activities.js';
import type { Decision } from './navigator.js';

export type StepRunner = ReturnType<typeof timedStep>;

/** Runs one step, reporting started/succeeded/failed with its duration; failures are rethrown. */
export function timedStep(acts: Activities) {
  return async <T>(name: StepName, run: () => Promise<T>, describe: (value: T) => string): Promise<T> => {
    const started = acts.now();
    await acts.report({ step: name, status: 'started', detail: '', durationMs: null });
    try {
      const value = await run();
      await acts.report({
        step: name,
        status: 'succeeded',
        detail: describe(value).slice(0, 2000),
        durationMs: acts.now() - started,
      });
      return value;
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      await acts.report({
        step: name,
        status: 'failed',
        detail: detail.slice(0, 2000),
        durationMs: acts.now() - started,
      });
      throw err;
    }
  };
}

export function describeDecision(d: Decision): string {
  switch (d.action) {
    case 'SEARCH':
      return `SEARCH "${d.query}" — ${d.why}`;
    case 'VISIT':
      return `VISIT ${d.url} — ${d.why}`;
    case 'ACT':
      return `ACT ${d.plan.described.join('; ')} — ${d.why}`;
    case 'GO_BACK':
      return `GO_BACK from ${d.from} — ${d.why}`;
    case 'AGGREGATE':
      return `AGGREGATE — ${d.why}`;
    case 'TERMINATE':
      return `TERMINATE (${d.reason}) — ${d.why}`;
  }
}
