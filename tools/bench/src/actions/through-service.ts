import { randomBytes, randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { executeAction, type CommandReply, type PageAction } from '@forage/contracts';
import { Bus } from '@forage/messaging';
import { loadActionExecutionConfig, startActionExecutionService } from '@forage/app-action-execution';

/** One action's cost seen by the caller: the round trip over NATS, and the evidence capture inside it. */
export interface ActionSample {
  readonly totalMs: number;
  readonly evidenceMs: number;
}

/** One click and one fill through the service, each with its evidence time. */
export interface ServiceRounds {
  round(i: number): Promise<{ click: ActionSample; fill: ActionSample }>;
  close(): Promise<void>;
}

/**
 * Click and fill through the action-execution service in this process, over a real nats-server:
 * each request claims its idempotency key, runs the pipeline (resolver, interpreter, runner,
 * feedback with before/after DOM and screenshot in the encrypted evidence store) and writes its
 * log record. The action itself is the round trip less the evidence capture the reply reports.
 */
export async function serviceActions(input: { natsUrl: string; url: string }): Promise<ServiceRounds> {
  const service = await startActionExecutionService(
    loadActionExecutionConfig({
      NATS_URL: input.natsUrl,
      OPS_PORT: '0',
      LOG_LEVEL: process.env['BENCH_LOG_LEVEL'] ?? 'silent',
      FORAGE_EVIDENCE_KEY: randomBytes(32).toString('hex'),
      EGRESS_ALLOWLIST: new URL(input.url).origin,
    }),
  );
  const nc = await connect({ servers: input.natsUrl, name: 'bench-actions-client' });
  const bus = new Bus(nc, { timeoutMs: 60_000 });
  const runId = randomUUID();
  const sessionId = `bench-${randomUUID()}`;
  const act = async (action: PageAction): Promise<ActionSample> => {
    const started = performance.now();
    const reply: CommandReply<typeof executeAction> = await bus.request(executeAction, {
      runId,
      sessionId,
      idempotencyKey: `bench-${randomUUID()}`,
      action,
    });
    const totalMs = performance.now() - started;
    if (reply.status !== 'done') throw new Error(`${action.type} failed: ${reply.detail}`);
    return { totalMs, evidenceMs: reply.timings?.evidenceMs ?? 0 };
  };
  await act({ type: 'goto', url: input.url });
  return {
    async round(i) {
      const click = await act({ type: 'click', locator: '#go' });
      const fill = await act({ type: 'fill', locator: '#q', value: `query ${i}` });
      return { click, fill };
    },
    async close() {
      await nc.close();
      await service.stop();
    },
  };
}
