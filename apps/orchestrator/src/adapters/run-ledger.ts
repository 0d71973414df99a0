import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Kvm, type KV } from '@nats-io/kv';
import { Bus, kvBuckets } from '@forage/messaging';
import { z } from 'zod';
import { ORCHESTRATOR_CONFIG } from '../tokens.js';
import type { OrchestratorConfig } from '../config.js';

const entrySchema = z.object({
  status: z.enum(['queued', 'running', 'needs_input', 'completed']),
  attempt: z.number().int().nonnegative(),
  /** The questions a run in needs_input waits on (which answers are sensitive). */
  asked: z.array(z.object({ key: z.string(), sensitive: z.boolean() })).optional(),
  /** Set by run.cancel.v1: the run stops at its next step, or completes at once when it starts. */
  cancelled: z.string().optional(),
  updatedAt: z.iso.datetime(),
  /** Enforced on read: nats-server 2.9 ignores per-key TTL, only the bucket TTL applies. */
  expiresAt: z.iso.datetime(),
});
export type RunLedgerEntry = z.infer<typeof entrySchema>;

const BUCKET = kvBuckets.runLedger.bucket;

/**
 * Durable run state in a JetStream KV bucket, so a redelivered run.start after a crash resumes as a
 * new attempt and a run that already completed is never run twice.
 */
@Injectable()
export class RunLedger implements OnModuleInit {
  private kv: KV | undefined;

  constructor(
    @Inject(Bus) private readonly bus: Bus,
    @Inject(ORCHESTRATOR_CONFIG) private readonly config: OrchestratorConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    this.kv = await new Kvm(this.bus.connection).create(BUCKET, {
      ttl: this.ttlMs(),
      replicas: this.bus.jetstreamReplicas,
    });
  }

  async get(runId: string): Promise<RunLedgerEntry | undefined> {
    const entry = await this.store().get(runId);
    if (!entry || entry.operation !== 'PUT') return undefined;
    const parsed = entrySchema.safeParse(entry.json());
    if (!parsed.success || Date.parse(parsed.data.expiresAt) < Date.now()) return undefined;
    return parsed.data;
  }

  async mark(
    runId: string,
    status: RunLedgerEntry['status'],
    attempt: number,
    extra: Pick<RunLedgerEntry, 'asked'> = {},
  ): Promise<void> {
    const previous = await this.get(runId);
    await this.write(runId, {
      status,
      attempt,
      ...extra,
      ...(previous?.cancelled ? { cancelled: previous.cancelled } : {}),
    });
  }

  /** Records a cancel (kept through later marks); a completed run is left as it is. */
  async cancel(runId: string, reason: string): Promise<boolean> {
    const previous = await this.get(runId);
    if (previous?.status === 'completed') return false;
    await this.write(runId, {
      status: previous?.status ?? 'queued',
      attempt: previous?.attempt ?? 0,
      cancelled: reason,
    });
    return true;
  }

  private async write(runId: string, entry: Omit<RunLedgerEntry, 'updatedAt' | 'expiresAt'>): Promise<void> {
    const now = Date.now();
    const full: RunLedgerEntry = {
      ...entry,
      updatedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + this.ttlMs()).toISOString(),
    };
    await this.store().put(runId, JSON.stringify(full));
  }

  private ttlMs(): number {
    return this.config.ORCH_RUN_STATE_TTL_HOURS * 3_600_000;
  }

  private store(): KV {
    if (!this.kv) throw new Error('run ledger used before init');
    return this.kv;
  }
}
