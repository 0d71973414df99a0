import { readFileSync } from 'node:fs';
import type { NatsConnection } from '@nats-io/transport-node';
import { z } from 'zod';
import { runIdSchema, secretHandleSchema } from '@forage/contracts';
import { UpstreamError } from '@forage/messaging';
import {
  type BoundTaskSecret,
  TaskSecretNotFoundError,
  TaskSecretStore,
  TaskSecretStoreUnavailableError,
  taskSecretsKeyFrom,
} from '@forage/secrets';
import type { ResolvedSecret } from '../core/redact.js';
import { SecretsFileError, UnknownSecretHandleError } from '../errors.js';

/** The second source: `{ "<runId>": { "<handle>": "<value>" } }`; a handle belongs to one run. */
const secretsFileSchema = z.record(
  runIdSchema,
  z.record(secretHandleSchema.shape.secretHandle, z.string().min(1).max(10_000)),
);

/**
 * The only place a secret handle becomes a value. A handle is resolved for the run that owns
 * it: first from task memory (@forage/secrets: sealed entries under `<runId>.<handle>`, written
 * by the orchestrator, each with its own expiry), then from ACTION_SECRETS_FILE (grouped by run).
 * Whether a handle exists for another run is never told apart from an unknown handle. Values
 * never leave this process.
 */
export class SecretVault {
  private constructor(
    private readonly store: TaskSecretStore | undefined,
    private readonly fromFile: ReadonlyMap<string, ReadonlyMap<string, string>>,
  ) {}

  static async open(input: {
    nc: NatsConnection | undefined;
    file: string | undefined;
    evidenceKey: string;
    replicas?: number;
  }): Promise<SecretVault> {
    const fromFile = readSecretsFile(input.file);
    const store = input.nc
      ? await TaskSecretStore.open(input.nc, {
          key: taskSecretsKeyFrom(input.evidenceKey),
          replicas: input.replicas ?? 1,
        })
      : undefined;
    return new SecretVault(store, fromFile);
  }

  async resolve(input: { runId: string; handle: string }): Promise<ResolvedSecret> {
    const stored = await this.fromStore(input);
    if (stored) return { handle: input.handle, ...stored };
    const value = this.fromFile.get(input.runId)?.get(input.handle);
    if (value === undefined)
      throw new UnknownSecretHandleError(`unknown secret handle "${input.handle}" for this run`);
    return { handle: input.handle, value };
  }

  /** Removes a run's secrets from task memory (at run end); how many there were. */
  async forgetRun(runId: string): Promise<number> {
    return this.store ? this.store.forgetRun(runId) : 0;
  }

  private async fromStore(input: { runId: string; handle: string }): Promise<BoundTaskSecret | undefined> {
    if (!this.store) return undefined;
    try {
      return await this.store.resolveBoundTaskSecret(input.runId, input.handle);
    } catch (err) {
      // unknown, another run's, expired or not opening: the file may still hold it
      if (err instanceof TaskSecretNotFoundError) return undefined;
      if (err instanceof TaskSecretStoreUnavailableError)
        throw new UpstreamError('the task-memory store is unavailable', { cause: err });
      throw err;
    }
  }
}

function readSecretsFile(path: string | undefined): Map<string, Map<string, string>> {
  if (path === undefined) return new Map();
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    // the parser's message can quote the file, so it is not passed on
    throw new SecretsFileError(`ACTION_SECRETS_FILE: ${path} is not readable JSON`);
  }
  const parsed = secretsFileSchema.safeParse(raw);
  if (!parsed.success) {
    const paths = parsed.error.issues.map((i) => i.path.join('.') || '(root)').slice(0, 10);
    throw new SecretsFileError(
      `ACTION_SECRETS_FILE: ${path} must map run ids to maps of handles (a-z 0-9 _ . -) to non-empty strings; bad entries: ${paths.join(', ')}`,
    );
  }
  return new Map(
    Object.entries(parsed.data).map(([runId, handles]) => [runId, new Map(Object.entries(handles))]),
  );
}
