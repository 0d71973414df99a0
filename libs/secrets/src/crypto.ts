import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { keyIdOf, parseEvidenceKey } from '@forage/evidence';

const VERSION = 1;
const KEY_ID_BYTES = 8;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_INFO = 'forage task secrets v1';

/** The entry did not decrypt: another key, altered bytes, or an entry copied under another run's key. */
export class SecretSealBrokenError extends Error {
  override readonly name = 'SecretSealBrokenError';
}

/**
 * The key task secrets are sealed with, derived (HKDF-SHA256, its own label) from
 * FORAGE_EVIDENCE_KEY, which every service already holds: no second secret to distribute, and a
 * key never used for anything else.
 */
export function taskSecretsKeyFrom(evidenceKey: string): Buffer {
  const base = parseEvidenceKey(evidenceKey);
  return Buffer.from(hkdfSync('sha256', base, Buffer.alloc(0), HKDF_INFO, 32));
}

/**
 * AES-256-GCM with a random IV. The entry's KV key (`<runId>.<handle>`) and its expiry are bound
 * as associated data, so a sealed value moved under another run's key, or given a later expiry,
 * no longer opens. Layout: version(1) | keyId(8) | iv(12) | tag(16) | ciphertext, base64.
 */
export function sealSecret(input: { key: Buffer; kvKey: string; expiresAt: string; value: string }): string {
  const keyId = keyIdOf(input.key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', input.key, iv);
  cipher.setAAD(associated(input.kvKey, input.expiresAt, keyId));
  const body = Buffer.concat([cipher.update(input.value, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), keyId, iv, cipher.getAuthTag(), body]).toString('base64');
}

export function openSecret(input: { key: Buffer; kvKey: string; expiresAt: string; sealed: string }): string {
  const buf = Buffer.from(input.sealed, 'base64');
  const head = 1 + KEY_ID_BYTES;
  if (buf.length <= head + IV_BYTES + TAG_BYTES || buf[0] !== VERSION)
    throw new SecretSealBrokenError('task secret has an unknown layout');
  const keyId = buf.subarray(1, head);
  if (!keyId.equals(keyIdOf(input.key)))
    throw new SecretSealBrokenError('task secret was sealed with another key; check FORAGE_EVIDENCE_KEY');
  try {
    const decipher = createDecipheriv('aes-256-gcm', input.key, buf.subarray(head, head + IV_BYTES));
    decipher.setAAD(associated(input.kvKey, input.expiresAt, keyId));
    decipher.setAuthTag(buf.subarray(head + IV_BYTES, head + IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(buf.subarray(head + IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch (err) {
    throw new SecretSealBrokenError('task secret failed authentication', { cause: err });
  }
}

function associated(kvKey: string, expiresAt: string, keyId: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${kvKey}\n${expiresAt}\n`, 'utf8'), keyId]);
}
