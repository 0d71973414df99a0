/**
 * How the adversary suite reaches a running per-service stack: each service's own credentials
 * (the password files `forage up` wrote), the operator's connection, a genuine run through the
 * gateway, and whether logging stored a record.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { queryLogs, runViewSchema } from '@forage/contracts';
import { Bus, natsConnectOptions, passwordFileOf, type ServiceIdentity } from '@forage/messaging';
import { sleep, startRun } from '../chaos/gateway-client.js';
import type { OneMachineStack } from '../chaos/one-machine.js';

export function connectAsService(stack: OneMachineStack, identity: ServiceIdentity): Promise<NatsConnection> {
  const dir = join(stack.dataDir, 'secrets', 'nats', 'credentials');
  const pass = readFileSync(passwordFileOf(dir, identity), 'utf8').trim();
  return connect({
    servers: stack.state().natsUrl,
    name: `adversary-as-${identity}`,
    ...natsConnectOptions({ user: identity, pass }),
  });
}

export function connectAsAdmin(stack: OneMachineStack): Promise<NatsConnection> {
  return connect({ servers: stack.state().natsUrl, name: 'adversary-admin', ...stack.natsOptions() });
}

/** Whether logging holds `recordId` (after giving it `settleMs` to store or refuse it). */
export function storedRecordOf(admin: NatsConnection, settleMs = 1_500) {
  const bus = new Bus(admin, { timeoutMs: 10_000 });
  return async (record: { runId: string; recordId: string }): Promise<boolean> => {
    await sleep(settleMs);
    const reply = await bus.request(queryLogs, {
      runId: record.runId,
      recordIds: [record.recordId],
      limit: 1,
    });
    return reply.records.some((r) => r.record_id === record.recordId);
  };
}

/** A genuine question through the gateway; resolves with how the gateway shows its result. */
export async function genuineRun(input: {
  gatewayUrl: string;
  question: string;
  urls?: readonly string[];
  deadlineMs: number;
}): Promise<{ runId: string; state: string; gate: string }> {
  const { runId } = await startRun({
    gatewayUrls: [input.gatewayUrl],
    question: input.question,
    ...(input.urls ? { urls: input.urls } : {}),
    deadlineMs: 30_000,
  });
  const deadline = Date.now() + input.deadlineMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${input.gatewayUrl}/v1/runs/${runId}`);
    if (res.ok) {
      const view = runViewSchema.parse(await res.json());
      if (view.result) return { runId, state: view.result.outcome, gate: view.gate?.status ?? 'none' };
    }
    await sleep(1_000);
  }
  return { runId, state: 'timeout', gate: 'none' };
}

/** Runs the built `forage` CLI; resolves with its exit code and output, whatever the code. */
export async function runCli(args: readonly string[]): Promise<{ code: number; stdout: string }> {
  const cli = join(import.meta.dirname, '..', '..', '..', '..', 'apps', 'cli', 'dist', 'main.js');
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [cli, ...args]);
    return { code: 0, stdout };
  } catch (err: unknown) {
    const failed = err as { code?: unknown; stdout?: unknown };
    return {
      code: typeof failed.code === 'number' ? failed.code : 1,
      stdout: typeof failed.stdout === 'string' ? failed.stdout : '',
    };
  }
}

/** `forage audit verify` on the stack: its exit code and last line. */
export async function auditVerify(dataDir: string): Promise<{ code: number; last: string }> {
  const out = await runCli(['audit', 'verify', '--data-dir', dataDir]);
  return { code: out.code, last: out.stdout.trim().split('\n').at(-1) ?? '' };
}
