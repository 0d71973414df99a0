import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Kvm, type KV } from '@nats-io/kv';
import type { Subscription } from '@nats-io/transport-node';
import { z } from 'zod';
import { inputAnswerSchema, runCancel } from '@forage/contracts';
import { Bus, decodeJson, kvBuckets, LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import type { DetailValue } from '../core/memory/details.js';
import { RunLedger } from './run-ledger.js';

const INPUTS_BUCKET = kvBuckets.runInputs.bucket;

/** Answers received for a waiting run: plain values, sensitive ones already sealed as secrets. */
const storedInputSchema = z.object({
  answers: z.array(
    z.object({
      key: inputAnswerSchema.shape.key,
      value: z.union([z.string(), z.object({ secretHandle: z.string() })]),
    }),
  ),
  remember: z.boolean(),
  at: z.iso.datetime(),
});
export type StoredInput = z.infer<typeof storedInputSchema>;

/**
 * What reaches a run from outside while it works: cancels (run.cancel.v1, heard by every
 * orchestrator instance, not a queue group, since any of them may hold the run; recorded in the
 * ledger so a run not started yet ends at once) and the answers to its questions (written by
 * whichever instance handled run.input.v1 into a KV bucket the waiting run reads).
 */
@Injectable()
export class RunSignals implements OnModuleInit, OnModuleDestroy {
  private readonly cancels = new Map<string, string>();
  private subscription: Subscription | undefined;
  private kv: KV | undefined;

  constructor(
    @Inject(Bus) private readonly bus: Bus,
    @Inject(RunLedger) private readonly ledger: RunLedger,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    this.kv = await new Kvm(this.bus.connection).create(INPUTS_BUCKET, {
      ttl: 86_400_000,
      history: 1,
      replicas: this.bus.jetstreamReplicas,
    });
    this.subscription = this.bus.connection.subscribe(runCancel.subject, {
      // a callback that throws ends the connection's reader (nats.js): nothing may escape it
      callback: (err, msg) => {
        if (err) return;
        let body: unknown;
        try {
          body = decodeJson(msg.data);
        } catch {
          body = undefined;
        }
        const parsed = runCancel.payload.safeParse(body);
        if (!parsed.success) {
          this.logger.warn({ subject: runCancel.subject }, 'ignored an invalid cancel');
          return;
        }
        void this.cancel(parsed.data.runId, parsed.data.reason || 'cancelled by the user');
      },
    });
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }

  async cancel(runId: string, reason: string): Promise<void> {
    this.cancels.set(runId, reason);
    if (this.cancels.size > 10_000) {
      const oldest = this.cancels.keys().next().value;
      if (oldest !== undefined) this.cancels.delete(oldest);
    }
    await this.ledger.cancel(runId, reason).catch((err: unknown) => {
      this.logger.warn({ err, runId }, 'could not record a cancel');
    });
  }

  cancelled(runId: string): string | undefined {
    return this.cancels.get(runId);
  }

  /** Forget a finished run's signals. */
  done(runId: string): void {
    this.cancels.delete(runId);
  }

  async putInput(runId: string, input: StoredInput): Promise<void> {
    await this.store().put(runId, JSON.stringify(input));
  }

  /**
   * The answers that arrive for a run after `since`, or undefined when none came before `timeoutMs`
   * or the run was cancelled meanwhile.
   */
  async waitForInput(runId: string, since: number, timeoutMs: number): Promise<StoredInput | undefined> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until && !this.cancelled(runId)) {
      const stored = await this.store()
        .get(runId)
        .catch(() => null);
      if (stored?.operation === 'PUT') {
        const parsed = storedInputSchema.safeParse(parseOrNull(stored.string()));
        if (parsed.success && Date.parse(parsed.data.at) >= since) {
          await this.store()
            .delete(runId)
            .catch(() => undefined);
          return parsed.data;
        }
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    return undefined;
  }

  private store(): KV {
    if (!this.kv) throw new Error('run signals used before init');
    return this.kv;
  }
}

export function valuesOf(input: StoredInput): Map<string, DetailValue> {
  return new Map(input.answers.map((a) => [a.key, a.value]));
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
