import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { z } from 'zod';
import { runIdSchema, secretHandleSchema, taskSecrets } from '@forage/contracts';
import { openSecret, sealSecret, SecretSealBrokenError } from './crypto.js';
import {
  InvalidTaskSecretError,
  TaskSecretExpiredError,
  TaskSecretNotFoundError,
  TaskSecretStoreUnavailableError,
} from './errors.js';

const putSchema = z.object({
  runId: runIdSchema,
  handle: secretHandleSchema.shape.secretHandle,
  value: z.string().min(1).max(10_000),
  ttlMs: z.number().int().min(1).max(taskSecrets.ttlMs),
  /** The site the secret was given for: it opens for typing there only (action-execution checks). */
  origin: z.string().max(300).optional(),
});
export type TaskSecretPut = z.infer<typeof putSchema>;

/** A resolved secret and the site it is bound to, when it is bound to one. */
export interface BoundTaskSecret {
  readonly value: string;
  readonly origin?: string;
}

/**
 * Task memory's secrets: sealed values in the `forage-task-secrets` KV bucket under
 * `<runId>.<handle>`. The orchestrator puts, action-execution resolves; plaintext never crosses
 * the bus (only the sealed entry does), and a handle opens only for the run it was put for and
 * only until its own expiry.
 */
export class TaskSecretStore {
  private constructor(
    private readonly kv: KV,
    private readonly key: Buffer,
    private readonly now: () => number,
  ) {}

  /** Opens (creating if needed) the bucket; `key` is `taskSecretsKeyFrom(FORAGE_EVIDENCE_KEY)`. */
  static async open(
    nc: NatsConnection,
    options: { key: Buffer; replicas?: number; now?: () => number },
  ): Promise<TaskSecretStore> {
    if (options.key.length !== 32) throw new InvalidTaskSecretError('the task secrets key must be 32 bytes');
    let kv: KV;
    try {
      kv = await new Kvm(nc).create(taskSecrets.bucket, {
        ttl: taskSecrets.ttlMs,
        history: 1,
        replicas: options.replicas ?? 1,
      });
    } catch (err) {
      throw new TaskSecretStoreUnavailableError('the task-memory bucket could not be opened', { cause: err });
    }
    return new TaskSecretStore(kv, options.key, options.now ?? Date.now);
  }

  /** Seals and stores a value for one run; returns the handle to put in messages instead. */
  async putTaskSecret(input: TaskSecretPut): Promise<{ handle: string; expiresAt: string }> {
    const parsed = putSchema.safeParse(input);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((i) => i.path.join('.') || '(root)');
      throw new InvalidTaskSecretError(`invalid task secret: ${[...new Set(fields)].join(', ')}`);
    }
    const { runId, handle, value, ttlMs, origin } = parsed.data;
    const kvKey = taskSecrets.key({ runId, handle });
    const expiresAt = new Date(this.now() + ttlMs).toISOString();
    const sealed = sealSecret({ key: this.key, kvKey: boundKey(kvKey, origin), expiresAt, value });
    const entry = { sealed, expiresAt, ...(origin !== undefined ? { origin } : {}) };
    try {
      await this.kv.put(kvKey, JSON.stringify(entry));
    } catch (err) {
      throw new TaskSecretStoreUnavailableError('the task-memory bucket refused the write', { cause: err });
    }
    return { handle, expiresAt };
  }

  /**
   * The value of `handle` for `runId`. Throws TaskSecretNotFoundError for an unknown handle or one
   * another run owns, TaskSecretExpiredError once its expiry has passed.
   */
  async resolveTaskSecret(runId: string, handle: string): Promise<string> {
    return (await this.resolveBoundTaskSecret(runId, handle)).value;
  }

  /** As resolveTaskSecret, with the site the secret is bound to (checked by the seal). */
  async resolveBoundTaskSecret(runId: string, handle: string): Promise<BoundTaskSecret> {
    if (
      !runIdSchema.safeParse(runId).success ||
      !secretHandleSchema.shape.secretHandle.safeParse(handle).success
    )
      throw new TaskSecretNotFoundError(`unknown secret handle for this run`);
    const kvKey = taskSecrets.key({ runId, handle });
    let stored;
    try {
      stored = await this.kv.get(kvKey);
    } catch (err) {
      throw new TaskSecretStoreUnavailableError('the task-memory bucket is unavailable', { cause: err });
    }
    if (!stored || stored.operation !== 'PUT')
      throw new TaskSecretNotFoundError(`unknown secret handle "${handle}" for this run`);
    const entry = taskSecrets.entry.safeParse(parseOrNull(stored.string()));
    if (!entry.success)
      throw new TaskSecretNotFoundError(`secret handle "${handle}" holds no readable entry`);
    if (Date.parse(entry.data.expiresAt) <= this.now())
      throw new TaskSecretExpiredError(`secret handle "${handle}" has expired`);
    const { origin } = entry.data;
    try {
      const value = openSecret({
        key: this.key,
        kvKey: boundKey(kvKey, origin),
        expiresAt: entry.data.expiresAt,
        sealed: entry.data.sealed,
      });
      return origin !== undefined ? { value, origin } : { value };
    } catch (err) {
      if (err instanceof SecretSealBrokenError)
        throw new TaskSecretNotFoundError(
          `secret handle "${handle}" does not open for this run: ${err.message}`,
        );
      throw err;
    }
  }

  /** Removes every secret of a run (at run end); returns how many were removed. */
  async forgetRun(runId: string): Promise<number> {
    if (!runIdSchema.safeParse(runId).success) return 0;
    let removed = 0;
    try {
      const keys = await this.kv.keys(`${runId}.>`);
      for await (const k of keys) {
        await this.kv.purge(k);
        removed++;
      }
    } catch (err) {
      throw new TaskSecretStoreUnavailableError('the task-memory bucket is unavailable', { cause: err });
    }
    return removed;
  }
}

/** The associated data of a bound secret carries its site, so the binding cannot be edited away. */
function boundKey(kvKey: string, origin: string | undefined): string {
  return origin === undefined ? kvKey : `${kvKey}|${origin}`;
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
