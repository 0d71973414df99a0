import { randomBytes, randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { executeAction, runCompleted, type CommandReply, type CommandRequestInput } from '@forage/contracts';
import { EvidenceStore, parseEvidenceKey } from '@forage/evidence';
import { Bus, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { TaskSecretStore, taskSecretsKeyFrom } from '@forage/secrets';
import { startTestNats } from '@forage/testing';
import { loadActionExecutionConfig } from '../config.js';
import { startActionExecutionService } from '../service.js';

export type ActionRequest = CommandRequestInput<typeof executeAction>;
export type ActionReply = CommandReply<typeof executeAction>;

/** A real nats-server, the service under test, and a client to call it and read what it stored. */
export interface Harness {
  readonly nats: RunningNatsServer;
  readonly service: RunningService;
  readonly nc: NatsConnection;
  readonly bus: Bus;
  readonly evidence: EvidenceStore;
  /** Task memory as the orchestrator writes it (same FORAGE_EVIDENCE_KEY as the service). */
  readonly taskSecrets: TaskSecretStore;
  /** Sends one action (for RUN_ID unless a run is given) with a fresh idempotency key unless one is given. */
  act(
    input: Omit<ActionRequest, 'runId' | 'idempotencyKey'> & { idempotencyKey?: string; runId?: string },
  ): Promise<ActionReply>;
  /** Announces a run's end the way the orchestrator does. */
  endRun(runId: string): Promise<void>;
  /** The service's /health body, as text. */
  health(): Promise<string>;
  stop(): Promise<void>;
}

export const RUN_ID = randomUUID();

export async function startHarness(env: Record<string, string>): Promise<Harness> {
  const nats = await startTestNats();
  const key = randomBytes(32).toString('hex');
  const config = loadActionExecutionConfig({
    NATS_URL: nats.url,
    OPS_PORT: '0',
    LOG_LEVEL: 'silent',
    FORAGE_EVIDENCE_KEY: key,
    ...env,
  });
  const service = await startActionExecutionService(config);
  const nc = await connect({ servers: nats.url });
  const bus = new Bus(nc, { timeoutMs: 30_000 });
  const evidence = await EvidenceStore.open(nc, { key: parseEvidenceKey(key), retentionMs: 86_400_000 });
  const taskSecrets = await TaskSecretStore.open(nc, { key: taskSecretsKeyFrom(key) });
  return {
    nats,
    service,
    nc,
    bus,
    evidence,
    taskSecrets,
    act: (input) =>
      bus.request(executeAction, {
        ...input,
        runId: input.runId ?? RUN_ID,
        idempotencyKey: input.idempotencyKey ?? `key-${randomUUID()}`,
      }),
    async endRun(runId) {
      await bus.publishDurable(
        runCompleted,
        {
          runId,
          outcome: 'no_answer',
          answer: null,
          failures: [],
          completedAt: new Date().toISOString(),
          durationMs: 1,
        },
        { msgId: `${runId}:completed` },
      );
    },
    async health() {
      const res = await fetch(`http://127.0.0.1:${service.opsPort}/health`);
      return res.text();
    },
    async stop() {
      await nc.close();
      await service.stop();
      await nats.stop();
    },
  };
}
