/**
 * The forged-verdict repro against the stack, by the one identity that can still write a
 * verifier-named record and a completion (the operator's): a verdict for a genuine run, copied and
 * changed to a forged answer, recorded without the verifier's signature, and a completion citing
 * it. `forage show` must not present the forged answer as verified, and `forage audit verify` must
 * name the record.
 */
import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  logRecordEvent,
  queryLogs,
  recordedVerdictSchema,
  runCompleted,
  runViewSchema,
} from '@forage/contracts';
import { digestOf } from '@forage/evidence';
import { Bus } from '@forage/messaging';
import { aLogRecord } from '@forage/testing';
import { sleep } from '../chaos/gateway-client.js';
import { runCli } from './stack-access.js';

const FORGED_ANSWER = 'The adversary wrote this answer';

export interface ReproOutcome {
  /** `forage show` printed the forged answer as verified. */
  readonly shownVerified: boolean;
  /** `forage audit verify` exited 3 and named the forged record. */
  readonly auditNamed: boolean;
  readonly detail: string;
}

export async function forgedVerdictRepro(input: {
  dataDir: string;
  gatewayUrl: string;
  admin: NatsConnection;
  runId: string;
}): Promise<ReproOutcome> {
  const bus = new Bus(input.admin, { timeoutMs: 15_000 });
  const logged = await bus.request(queryLogs, { runId: input.runId, tool: 'verifier', limit: 10 });
  const genuine = recordedVerdictSchema.parse(logged.records[0]?.output.data['verdict']);
  const verdict = { ...genuine, claims: genuine.claims.map((c) => ({ ...c, text: FORGED_ANSWER })) };
  const forged = aLogRecord({
    tool_name: 'verifier',
    run_id: input.runId,
    task_id: 'verify',
    output: { data: { verdict, released: true } },
  });
  await bus.publishDurable(logRecordEvent, forged, { msgId: forged.record_id });
  const view = runViewSchema.parse(await (await fetch(`${input.gatewayUrl}/v1/runs/${input.runId}`)).json());
  const citations = view.result?.answer?.citations ?? [];
  await bus.publishDurable(
    runCompleted,
    {
      runId: input.runId,
      outcome: 'answered',
      answer: { text: FORGED_ANSWER, confidence: 0.99, citations },
      failures: [],
      completedAt: new Date().toISOString(),
      durationMs: 1,
      verdict: { id: forged.record_id, digest: digestOf(verdict) },
    },
    { msgId: `forged:${randomUUID()}` },
  );
  await sleep(6_000); // the gateway waits up to 5 s for a verdict to be stored
  const show = await runCli(['show', input.runId, '--data-dir', input.dataDir]);
  const shownVerified = show.stdout.includes(FORGED_ANSWER) && /^\s*verified · /m.test(show.stdout);
  const audit = await runCli(['audit', 'verify', '--data-dir', input.dataDir]);
  const auditNamed = audit.code === 3 && audit.stdout.includes(forged.record_id);
  const named = audit.stdout.split('\n').find((l) => l.includes(forged.record_id)) ?? '(not named)';
  return {
    shownVerified,
    auditNamed,
    detail: `show: ${shownVerified ? 'VERIFIED' : 'not verified'}; audit: ${named}`,
  };
}
