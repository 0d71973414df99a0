/**
 * eval:sandbox — the whole agent on the sandbox web: at least 40 tasks of the five kinds (fact,
 * multi-part, listing, exploration, task on a page) with answers known from the generator, run
 * through the real stack as `forage up` starts it (every service its own process, real
 * nats-server and Chromium), no LLM. Only released (verified) answers count as success.
 *
 * Composed kinds (nested, superlative, topk, count, aggregate, constrained) are generated from the same
 * facts; `--seed N` serves and asks about another sandbox world (SANDBOX_SEED for `forage up`).
 *
 *   npm run eval:sandbox [-- --only fact,multi] [--seed N] [--limit N] [--verbose]
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateSandbox } from '@forage/sandbox';
import { RunClient } from './sandbox-eval/ask.js';
import { judge } from './sandbox-eval/judge.js';
import { startCliStack } from './sandbox-eval/stack.js';
import { composedTasks } from './sandbox-eval/composed-tasks.js';
import { sandboxTasks, type EvalTask, type TaskKind } from './sandbox-eval/tasks.js';
import { percentile } from './stats.js';

interface Outcome {
  readonly task: EvalTask;
  readonly ok: boolean;
  readonly seconds: number;
  readonly pages: number;
  readonly outcome: string;
  readonly text: string;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      limit: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      seed: { type: 'string' },
      'timeout-s': { type: 'string', default: '240' },
    },
  });
  const root = resolve(import.meta.dirname, '..', '..', '..');
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed))
    throw new Error(`--seed takes an integer, not ${values.seed ?? ''}`);
  console.log(
    `starting the stack (forage up)${seed === undefined ? '' : ` on sandbox world ${String(seed)}`}…`,
  );
  const stack = await startCliStack(root, { ...(seed !== undefined ? { seed } : {}) });
  let client: RunClient | undefined;
  try {
    const origin = (name: string): string => {
      const site = stack.info.sandbox.find((s) => s.name === name);
      if (!site) throw new Error(`the sandbox has no ${name} site`);
      return site.origin;
    };
    const origins = { wiki: origin('wiki'), hotels: origin('hotels'), shop: origin('shop') };
    const kinds = values.only?.split(',') as TaskKind[] | undefined;
    const web = generateSandbox(seed === undefined ? {} : { seed });
    let tasks = [...sandboxTasks(web, origins), ...composedTasks(web)].filter(
      (t) => !kinds || kinds.includes(t.kind),
    );
    if (values.limit) tasks = tasks.slice(0, Number(values.limit));
    client = await RunClient.connect(stack.info.natsUrl, stack.info.natsAuth);
    const outcomes: Outcome[] = [];
    for (const task of tasks) {
      const started = performance.now();
      const { completion, pages, trace } = await client.ask({
        question: task.question,
        ...(task.urls ? { urls: task.urls } : {}),
        ...(task.answers ? { answers: task.answers } : {}),
        timeoutMs: Number(values['timeout-s']) * 1000,
      });
      const seconds = (performance.now() - started) / 1000;
      const view = {
        outcome: completion?.outcome ?? 'timeout',
        text: completion?.answer?.text ?? null,
        failures: completion?.failures ?? [{ claim: '', reason: 'no completion before the timeout' }],
      };
      const ok = judge(task.expect, view);
      outcomes.push({ task, ok, seconds, pages, outcome: view.outcome, text: view.text ?? '' });
      const line = `${ok ? 'ok  ' : 'FAIL'} ${task.id.padEnd(11)} ${seconds.toFixed(1).padStart(6)} s  ${view.outcome.padEnd(10)} ${task.question.slice(0, 90)}`;
      console.log(line);
      if (!ok || values.verbose) {
        console.log(`       answer: ${(view.text ?? '').replace(/\n/g, ' | ').slice(0, 300)}`);
        if (!ok) console.log(`       expected: ${JSON.stringify(task.expect).slice(0, 300)}`);
        for (const f of view.failures.slice(0, 3))
          console.log(`       failure: ${f.claim.slice(0, 80)} — ${f.reason.slice(0, 200)}`);
        if (values.verbose) for (const t of trace) console.log(`       | ${t.slice(0, 220)}`);
      }
    }
    const byKind = new Map<string, { ok: number; n: number }>();
    for (const o of outcomes) {
      const k = byKind.get(o.task.kind) ?? { ok: 0, n: 0 };
      byKind.set(o.task.kind, { ok: k.ok + (o.ok ? 1 : 0), n: k.n + 1 });
    }
    const success = outcomes.filter((o) => o.ok).length / Math.max(1, outcomes.length);
    // of the answers released as verified, the share that were right
    const released = outcomes.filter((o) => o.outcome === 'answered');
    const precision = released.filter((o) => o.ok).length / Math.max(1, released.length);
    const kindText = [...byKind]
      .map(([k, v]) => `${k}:${(v.ok / v.n).toFixed(2)}(${String(v.ok)}/${String(v.n)})`)
      .join(',');
    console.log(
      `RESULT success=${success.toFixed(2)} verified_precision=${precision.toFixed(2)} released=${String(released.length)} seed=${String(web.seed)} tasks=${String(outcomes.length)} median_s=${percentile(
        [...outcomes.map((o) => o.seconds)].sort((a, b) => a - b),
        50,
      ).toFixed(
        1,
      )} pages_per_task=${(outcomes.reduce((s, o) => s + o.pages, 0) / Math.max(1, outcomes.length)).toFixed(1)} by_kind=${kindText}`,
    );
    return 0;
  } finally {
    await client?.close();
    await stack.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
