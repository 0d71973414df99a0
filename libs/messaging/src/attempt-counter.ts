import { createHash } from 'node:crypto';
import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { ForageError } from './errors.js';
import { kvBuckets } from './stores.js';

/** How many times each action of a run has been recorded, shared by every replica of every tool. */
export const TOOL_ATTEMPTS_BUCKET = kvBuckets.toolAttempts.bucket;
/** Counts outlive the runs they count (a run's retries happen within minutes). */
const COUNT_TTL_MS = 7 * 86_400_000;
const MAX_RACES = 20;

/** The attempt counter kept losing races to other writers (should not happen outside a test storm). */
export class AttemptCountError extends ForageError {
  override readonly name = 'AttemptCountError';
  readonly code = 'unavailable';
  readonly retryable = true;
}

/** One action of one run: the same (run, tool, task) recorded again is a retry of it. */
export interface ActionIdentity {
  readonly runId: string;
  readonly tool: string;
  readonly taskId: string;
}

/**
 * Numbers the attempts of each action 1, 2, … in a JetStream KV bucket. The first attempt is one
 * `create`; a retry reads the count and moves it on by compare-and-set, so two replicas recording
 * the same action at once still get different numbers.
 */
export class AttemptCounter {
  private kv: Promise<KV> | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly replicas = 1,
  ) {}

  async next(action: ActionIdentity): Promise<number> {
    const kv = await this.bucket();
    const key = attemptKey(action);
    for (let race = 0; race < MAX_RACES; race++) {
      const entry = await kv.get(key);
      const count = entry?.operation === 'PUT' ? countOf(entry.string()) : 0;
      try {
        if (entry) await kv.update(key, String(count + 1), entry.revision);
        else await kv.create(key, '1');
        return count + 1;
      } catch (err) {
        if (!isConflict(err)) throw err;
      }
    }
    throw new AttemptCountError(`attempt count of ${action.tool} ${action.taskId} kept changing`);
  }

  private bucket(): Promise<KV> {
    this.kv ??= new Kvm(this.nc)
      .create(TOOL_ATTEMPTS_BUCKET, { history: 1, replicas: this.replicas, ttl: COUNT_TTL_MS })
      .catch((err: unknown) => {
        this.kv = undefined;
        throw err;
      });
    return this.kv;
  }
}

/** A KV key (letters, digits, `-_=.` only) naming one action: sha256 of its identity. */
export function attemptKey(action: ActionIdentity): string {
  return createHash('sha256')
    .update(JSON.stringify([action.runId, action.tool, action.taskId]))
    .digest('hex');
}

function countOf(value: string): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

function isConflict(err: unknown): boolean {
  return err instanceof Error && /wrong last sequence|key exists/i.test(err.message);
}
