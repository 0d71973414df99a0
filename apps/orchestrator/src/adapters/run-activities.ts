import { runNeedsInput, taskSecrets } from '@forage/contracts';
import type { Bus } from '@forage/messaging';
import type { Activities } from '../core/activities.js';
import type { DetailValue } from '../core/memory/details.js';
import type { OrchestratorConfig } from '../config.js';
import type { MemoryBank } from './memory-bank.js';
import type { RunClock } from './run-clock.js';
import type { RunLedger } from './run-ledger.js';
import { valuesOf, type RunSignals } from './run-signals.js';

/**
 * The activities that involve the user: recalling task memory, asking follow-up questions
 * (needs_input, then a bounded wait that does not count against the deadline), and cancels.
 */
export function userActivities(input: {
  bus: Bus;
  config: OrchestratorConfig;
  runId: string;
  attempt: number;
  ledger: RunLedger;
  signals: RunSignals;
  memory: MemoryBank;
  clock: RunClock;
  report: Activities['report'];
}): Pick<Activities, 'recall' | 'askUser' | 'cancelled' | 'now'> {
  const { bus, config, runId, attempt, ledger, signals, memory, clock } = input;
  let asked = 0;
  return {
    recall: (keys) => memory.recall(runId, keys),
    askUser: async ({ reason, url, origin, questions, details }) => {
      const askedAt = Date.now();
      const n = asked++;
      await ledger.mark(runId, 'needs_input', attempt, {
        asked: questions.map((q) => ({ key: q.key, sensitive: q.sensitive })),
      });
      await bus.publishDurable(
        runNeedsInput,
        {
          runId,
          reason: reason.slice(0, 1000),
          ...(url ? { url } : {}),
          questions: [...questions],
          askedAt: new Date(askedAt).toISOString(),
          waitsUntil: new Date(askedAt + config.ORCH_INPUT_WAIT_MS).toISOString(),
        },
        { msgId: `${runId}:${String(attempt)}:needs-input:${String(n)}` },
      );
      await input.report({
        step: 'plan',
        status: 'succeeded',
        detail: `needs_input: ${questions.map((q) => q.key).join(', ')} — ${reason}`.slice(0, 2000),
        durationMs: 0,
      });
      clock.pause();
      let received;
      try {
        received = await signals.waitForInput(runId, askedAt, config.ORCH_INPUT_WAIT_MS);
      } finally {
        clock.resume();
      }
      await ledger.mark(runId, 'running', attempt);
      if (!received) {
        await input.report({
          step: 'plan',
          status: 'succeeded',
          detail: `no answer within ${String(Math.round(config.ORCH_INPUT_WAIT_MS / 1000))} s; going on without`,
          durationMs: 0,
        });
        return undefined;
      }
      const values = valuesOf(received);
      if (origin) await bindSecrets({ memory, runId, values, origin });
      const kept = received.remember
        ? await memory.remember({ runId, details, values, ...(origin ? { origin } : {}) })
        : 0;
      await input.report({
        step: 'plan',
        status: 'succeeded',
        detail: `input: ${[...values.keys()].join(', ') || 'none'} received; ${String(kept)} kept in memory`,
        durationMs: 0,
      });
      return values;
    },
    cancelled: () => signals.cancelled(runId),
    now: () => clock.runTime(),
  };
}

/**
 * The secrets a user gave for a form are bound to that form's site: sealed again with it, so
 * action-execution types them there and nowhere else.
 */
async function bindSecrets(input: {
  memory: MemoryBank;
  runId: string;
  values: ReadonlyMap<string, DetailValue>;
  origin: string;
}): Promise<void> {
  const { memory, runId, origin } = input;
  for (const value of input.values.values()) {
    if (typeof value === 'string') continue;
    const plain = await memory.secrets.resolveTaskSecret(runId, value.secretHandle);
    await memory.secrets.putTaskSecret({
      runId,
      handle: value.secretHandle,
      value: plain,
      ttlMs: taskSecrets.ttlMs,
      origin,
    });
  }
}
