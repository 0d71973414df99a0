import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * API keys of the gateway: `forage keys` writes them, the gateway reads them. A key is
 * `fk_<id>_<secret>`; only the sha256 of the whole key is stored (keys are 32 random bytes, so a
 * fast hash cannot be brute-forced), and the id finds the record without comparing every hash.
 */
export const apiKeyRecordSchema = z.object({
  id: z.string().regex(/^[a-z0-9]{10}$/),
  name: z.string().min(1).max(100),
  sha256: z.string().regex(/^[a-f0-9]{64}$/),
  createdAt: z.string(),
  revokedAt: z.string().optional(),
});
export type ApiKeyRecord = z.infer<typeof apiKeyRecordSchema>;

export const apiKeyFileSchema = z.object({ keys: z.array(apiKeyRecordSchema) });
export type ApiKeyFile = z.infer<typeof apiKeyFileSchema>;

const TOKEN = /^fk_([a-z0-9]{10})_([A-Za-z0-9_-]{43})$/;

export class ApiKeyFileError extends Error {
  override readonly name = 'ApiKeyFileError';
}

/** A fresh key: the token is shown once, the record is stored. */
export function createApiKey(name: string, now = new Date()): { token: string; record: ApiKeyRecord } {
  const id = randomBytes(10)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')
    .slice(0, 10);
  const token = `fk_${id}_${randomBytes(32).toString('base64url')}`;
  return { token, record: { id, name, sha256: sha256Hex(token), createdAt: now.toISOString() } };
}

/** The record a presented token belongs to, if the token is well formed, known, not revoked and matches. */
export function verifyApiKey(token: string, keys: readonly ApiKeyRecord[]): ApiKeyRecord | undefined {
  const id = TOKEN.exec(token)?.[1];
  const record = id ? keys.find((k) => k.id === id) : undefined;
  if (!record || record.revokedAt) return undefined;
  const presented = Buffer.from(sha256Hex(token), 'hex');
  return timingSafeEqual(presented, Buffer.from(record.sha256, 'hex')) ? record : undefined;
}

export function readApiKeyFile(path: string): ApiKeyFile {
  if (!existsSync(path)) return { keys: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new ApiKeyFileError(`${path} is not valid JSON`, { cause: err });
  }
  const parsed = apiKeyFileSchema.safeParse(raw);
  if (!parsed.success) throw new ApiKeyFileError(`${path} is not an API key file: ${parsed.error.message}`);
  return parsed.data;
}

/** Owner-only, replaced atomically so the gateway never reads half a file. */
export function writeApiKeyFile(path: string, file: ApiKeyFile): void {
  const next = `${path}.${process.pid}.tmp`;
  writeFileSync(next, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  chmodSync(next, 0o600);
  renameSync(next, path);
}

function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
