/**
 * Drives questions through the gateway with a bounded number in flight, while a chaos loop kills
 * processes. Shared by `npm run chaos` (one machine) and `npm run test:cluster`.
 */
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { streams } from '@forage/messaging';
import { startRun, sleep } from './gateway-client.js';

export interface Question {
  readonly question: string;
  readonly urls?: readonly string[];
}

export interface DriveResult {
  readonly runIds: string[];
  /** Questions the gateway never accepted (counted apart: no run was started). */
  readonly notStarted: string[];
  /** POST attempts beyond the first (refusals while a part was down). */
  readonly retries: number;
}

/** Starts every question (at most `concurrency` unfinished at a time) and waits for each run to end or `runWaitMs`. */
export async function driveQuestions(input: {
  /** Every gateway replica; questions are spread over them and fail over between them. */
  gatewayUrls: readonly string[];
  questions: readonly Question[];
  concurrency: number;
  runWaitMs: number;
  apiKey?: string;
  onStarted?: (index: number) => void;
  onEnded?: (index: number, status: string) => void;
}): Promise<DriveResult> {
  const runIds: string[] = [];
  const notStarted: string[] = [];
  let retries = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      const index = next++;
      const q = input.questions[index];
      if (!q) return;
      let runId: string;
      try {
        const started = await startRun({
          gatewayUrls: input.gatewayUrls,
          first: index,
          question: q.question,
          ...(q.urls ? { urls: q.urls } : {}),
          deadlineMs: 120_000,
          ...(input.apiKey ? { apiKey: input.apiKey } : {}),
        });
        runId = started.runId;
        retries += started.attempts - 1;
      } catch (err) {
        notStarted.push(`${q.question}: ${err instanceof Error ? err.message : String(err)}`);
        continue;
      }
      runIds.push(runId);
      input.onStarted?.(index);
      const status = await waitForRun({
        gatewayUrls: input.gatewayUrls,
        runId,
        waitMs: input.runWaitMs,
        ...(input.apiKey ? { apiKey: input.apiKey } : {}),
      });
      input.onEnded?.(index, status);
    }
  };
  await Promise.all(Array.from({ length: input.concurrency }, () => worker()));
  return { runIds, notStarted, retries };
}

/** Polls GET /v1/runs/:id (gateways in turn) until the run is completed (its outcome) or the wait ends ('waiting'). */
export async function waitForRun(input: {
  gatewayUrls: readonly string[];
  runId: string;
  waitMs: number;
  apiKey?: string;
}): Promise<string> {
  const deadline = Date.now() + input.waitMs;
  for (let i = 0; Date.now() < deadline; i++) {
    const gatewayUrl = input.gatewayUrls[i % input.gatewayUrls.length] ?? '';
    try {
      const res = await fetch(`${gatewayUrl}/v1/runs/${input.runId}`, {
        headers: input.apiKey ? { authorization: `Bearer ${input.apiKey}` } : {},
        signal: AbortSignal.timeout(10_000),
      });
      if (res.ok) {
        const view = (await res.json()) as { status?: string; result?: { outcome?: string } | null };
        if (view.status === 'completed') return view.result?.outcome ?? 'completed';
      }
    } catch {
      // the gateway is restarting: keep asking
    }
    await sleep(2_000);
  }
  return 'waiting';
}

/** Waits until a durable consumer has nothing pending or unacknowledged (or the wait ends). */
export async function waitDrained(
  nc: NatsConnection,
  consumer: { stream: string; name: string },
  waitMs: number,
): Promise<{ drained: boolean; pending: number }> {
  const deadline = Date.now() + waitMs;
  let pending = -1;
  while (Date.now() < deadline) {
    try {
      const jsm = await jetstreamManager(nc);
      const info = await jsm.consumers.info(consumer.stream, consumer.name);
      pending = info.num_pending + info.num_ack_pending;
      if (pending === 0) return { drained: true, pending };
    } catch {
      // the stream leader is moving or the server restarting
    }
    await sleep(2_000);
  }
  return { drained: false, pending };
}

export const loggingConsumer = { stream: streams.logs.name, name: 'logging' };

/** A kill loop: every `everyMs` (± half) calls `killOne`; `stop()` ends it. */
export function chaosLoop(input: {
  everyMs: number;
  killOne: () => Promise<string | undefined>;
  onKill: (what: string) => void;
}): { stop: () => Promise<void> } {
  const state = { stopped: false };
  // a function, so the check reads the flag stop() may have set during the sleep
  const stopped = (): boolean => state.stopped;
  const loop = (async () => {
    while (!stopped()) {
      await sleep(input.everyMs * (0.5 + Math.random()));
      if (stopped()) break;
      const what = await input.killOne().catch((err: unknown) => `kill failed: ${String(err)}`);
      if (what) input.onKill(what);
    }
  })();
  return {
    stop: async () => {
      state.stopped = true;
      await loop;
    },
  };
}
