/**
 * chaos — at least 200 questions through the gateway of the one-machine stack (`forage up` from
 * dist/), while random service processes are killed with SIGKILL and nats-server once; `forage up`
 * restarts what dies. Afterwards every run must have completed or failed with a reason, every log
 * record JetStream accepted (and every one an answer cites) must be in the log store, and no action
 * may have run twice under one idempotency key.
 *   npm run chaos [-- --questions 200 --concurrency 6 --kill-every 20 --replicas dom-extraction=2]
 * Ends with: RESULT runs=… completed=… failed_clear=… lost=… duplicate_actions=… missing_records=…
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { generateSandbox } from '@forage/sandbox';
import { sandboxTasks } from './sandbox-eval/tasks.js';
import { auditRuns, resultLine } from './chaos/audit.js';
import { chaosLoop, driveQuestions, loggingConsumer, waitDrained, type Question } from './chaos/drive.js';
import { startOneMachine, type OneMachineStack } from './chaos/one-machine.js';
import {
  deadLettersOf,
  readCompletions,
  readPublishedRecords,
  readStoredRecords,
} from './chaos/read-back.js';
import { printAudit } from './chaos/report.js';

const root = join(import.meta.dirname, '..', '..', '..');
const { values: args } = parseArgs({
  options: {
    questions: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '6' },
    'kill-every': { type: 'string', default: '20' },
    replicas: { type: 'string' },
  },
});
const QUESTIONS = Number(args.questions);
const CONCURRENCY = Number(args.concurrency);
const KILL_EVERY_MS = Number(args['kill-every']) * 1000;
const t0 = Date.now();
const log = (line: string): void => {
  console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(5)} s] ${line}`);
};

function questionsFor(stack: OneMachineStack): Question[] {
  const origin = (name: string): string => {
    const site = stack.state().sandbox.find((s) => s.name === name);
    if (!site) throw new Error(`the stack runs no ${name} site`);
    return site.origin;
  };
  const tasks = sandboxTasks(generateSandbox(), {
    wiki: origin('wiki'),
    hotels: origin('hotels'),
    shop: origin('shop'),
  });
  return Array.from({ length: QUESTIONS }, (_, i) => {
    const t = tasks[i % tasks.length];
    if (!t) throw new Error('no tasks');
    return { question: t.question, ...(t.urls ? { urls: t.urls } : {}) };
  });
}

/** Kills one random service replica, or (once, when asked) nats-server. */
function killer(stack: OneMachineStack): {
  killOne: () => Promise<string | undefined>;
  killNats: () => string;
} {
  return {
    killOne: () => {
      const processes = stack.state().processes;
      const victim = processes[Math.floor(Math.random() * processes.length)];
      if (!victim) return Promise.resolve(undefined);
      try {
        process.kill(victim.pid, 'SIGKILL');
      } catch {
        return Promise.resolve(undefined);
      }
      return Promise.resolve(
        `kill -9 ${victim.service}-${String(victim.replica)} (pid ${String(victim.pid)})`,
      );
    },
    killNats: () => {
      const pid = stack.natsPid();
      if (pid === undefined) return 'nats-server not found';
      process.kill(pid, 'SIGKILL');
      return `kill -9 nats-server (pid ${String(pid)})`;
    },
  };
}

async function main(): Promise<void> {
  log('starting forage up from dist/');
  const stack = await startOneMachine({
    root,
    ...(args.replicas ? { replicas: args.replicas } : {}),
    // the harness is one client asking 200 questions; the default per-client run rate (30/min) would pace it
    // per-service processes (not the one-process default), so that a kill takes one service down
    // and a run that asks the user a question (a form needing a name) goes on without an answer after
    // 20 s instead of 5 min: nobody answers here, and each run must end inside the harness's wait
    env: {
      GATEWAY_RUNS_PER_MINUTE: '600',
      GATEWAY_RUNS_BURST: '50',
      FORAGE_PROCESSES: 'per-service',
      ORCH_INPUT_WAIT_MS: '20000',
    },
  });
  // Ctrl-C stops the stack it started instead of orphaning it
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stack.stop().finally(() => process.exit(130));
    });
  }
  const { gatewayUrl, natsUrl } = stack.state();
  log(`stack up: ${gatewayUrl}, ${String(stack.state().processes.length)} service processes`);
  let nc: NatsConnection | undefined;
  try {
    nc = await connect({
      servers: natsUrl,
      name: 'chaos',
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      ...stack.natsOptions(),
    });
    const questions = questionsFor(stack);
    const kill = killer(stack);
    const kills: string[] = [];
    const chaos = chaosLoop({
      everyMs: KILL_EVERY_MS,
      killOne: kill.killOne,
      onKill: (what) => {
        kills.push(what);
        log(what);
      },
    });
    let natsKilled = false;
    let ended = 0;
    const outcomes = new Map<string, number>();
    const drive = await driveQuestions({
      gatewayUrls: [gatewayUrl],
      questions,
      concurrency: CONCURRENCY,
      runWaitMs: 300_000,
      onStarted: (index) => {
        if (!natsKilled && index >= Math.floor(QUESTIONS / 2)) {
          natsKilled = true;
          const what = kill.killNats();
          kills.push(what);
          log(what);
        }
      },
      onEnded: (_index, status) => {
        ended++;
        outcomes.set(status, (outcomes.get(status) ?? 0) + 1);
        if (ended % 20 === 0)
          log(`${String(ended)} runs ended: ${JSON.stringify(Object.fromEntries(outcomes))}`);
      },
    });
    await chaos.stop();
    log(
      `all questions asked (${String(drive.runIds.length)} started, ${String(drive.retries)} POST retries); chaos stopped`,
    );
    const drained = await waitDrained(nc, loggingConsumer, 180_000);
    log(`log consumer ${drained.drained ? 'drained' : `still has ${String(drained.pending)} pending`}`);
    const completions = await readCompletions(nc);
    const published = await readPublishedRecords(nc);
    const read = await readStoredRecords(nc, drive.runIds);
    const result = auditRuns({
      runIds: drive.runIds,
      completions,
      published,
      stored: read.stored,
      brokenChains: read.brokenChains,
    });
    const state = stack.state();
    console.log('\nrestarts by the supervisor:');
    for (const p of state.processes) {
      console.log(`  ${`${p.service}-${String(p.replica)}`.padEnd(22)} ${String(p.restarts)}`);
    }
    console.log(`  ${'nats-server'.padEnd(22)} ${String(state.natsRestarts)}`);
    console.log(
      `kills: ${String(kills.length)}; questions the gateway never accepted: ${String(drive.notStarted.length)}`,
    );
    for (const n of drive.notStarted.slice(0, 5)) console.log(`  not started: ${n}`);
    for (const u of read.unreadable.slice(0, 5)) console.log(`  log store unreadable: ${u}`);
    printAudit(result, published.length, read.stored.length);
    // where a lost run stands now (running, needs_input, or unknown to the runs history)
    for (const runId of result.lostRunIds.slice(0, 10)) {
      const res = await fetch(`${gatewayUrl}/v1/runs/${runId}`).catch(() => undefined);
      const view = res?.ok ? ((await res.json()) as { status?: string }) : undefined;
      console.log(`  lost run ${runId}: ${view?.status ?? `HTTP ${String(res?.status ?? 'error')}`}`);
    }
    // why a lost run never ended: a dead-lettered run.start (deliveries exhausted) or completion
    for (const d of await deadLettersOf(nc, result.lostRunIds)) {
      console.log(
        `  dead letter for lost run ${d.runId}: ${d.subject} (${d.consumer}, ${String(d.deliveries)} deliveries): ${d.reason}`,
      );
    }
    console.log(resultLine(result));
    if (result.lost + result.duplicateActions + result.missingRecords > 0) process.exitCode = 1;
  } finally {
    await nc?.close().catch(() => undefined);
    await stack.stop();
  }
}

await main();
