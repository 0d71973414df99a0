import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { secretHandleSchema } from '@forage/contracts';
import type { ResolvedSecret } from '../core/redact.js';
import { SecretsFileError, UnknownSecretHandleError } from '../errors.js';

const secretsFileSchema = z.record(secretHandleSchema.shape.secretHandle, z.string().min(1).max(10_000));

/**
 * The only place a secret handle becomes a value. Values are read once at boot from
 * ACTION_SECRETS_FILE and never leave this process: no reply, log line or error quotes them.
 */
export class SecretVault {
  private constructor(private readonly values: ReadonlyMap<string, string>) {}

  /** No file means no secrets: every handle is then unknown. */
  static load(path: string | undefined): SecretVault {
    if (path === undefined) return new SecretVault(new Map());
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
        `ACTION_SECRETS_FILE: ${path} must map handles (a-z 0-9 _ . -) to non-empty strings; bad entries: ${paths.join(', ')}`,
      );
    }
    return new SecretVault(new Map(Object.entries(parsed.data)));
  }

  resolve(handle: string): ResolvedSecret {
    const value = this.values.get(handle);
    if (value === undefined) throw new UnknownSecretHandleError(`unknown secret handle "${handle}"`);
    return { handle, value };
  }

  get size(): number {
    return this.values.size;
  }
}
