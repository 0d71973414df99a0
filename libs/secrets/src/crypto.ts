import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { keyIdOf, parseEvidenceKey } from '@forage/evidence';

const VERSION = 1;
const KEY_ID_BYTES = 8;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_INFO = 'forage task secrets v1';
const PROFILES_HKDF_INFO = 'forage browser profiles v1';

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
  return derivedKey(evidenceKey, HKDF_INFO);
}

/** The key browser profiles are sealed with: FORAGE_EVIDENCE_KEY under a label of its own. */
export function browserProfilesKeyFrom(evidenceKey: string): Buffer {
  return derivedKey(evidenceKey, PROFILES_HKDF_INFO);
}

function derivedKey(evidenceKey: string, label: string): Buffer {
  const base = parseEvidenceKey(evidenceKey);
  return Buffer.from(hkdfSync('sha256', base, Buffer.alloc(0), label, 32));
}

/**
 * AES-256-GCM with a random IV. The entry's KV key (`<runId>.<handle>`) and its expiry are bound
 * as associated data, so a sealed value moved under another run's key, or given a later expiry,
 * no longer opens. Layout: version(1) | keyId(8) | iv(12) | tag(16) | ciphertext, base64.
 */
export function sealSecret(input: { key: Buffer; kvKey: string; expiresAt: string; value: string }): string {
  return sealBound({ key: input.key, boundTo: `${input.kvKey}\n${input.expiresAt}`, value: input.value });
}

export function openSecret(input: { key: Buffer; kvKey: string; expiresAt: string; sealed: string }): string {
  return openBound({ key: input.key, boundTo: `${input.kvKey}\n${input.expiresAt}`, sealed: input.sealed });
}

/**
 * The seal itself: AES-256-GCM over `value` with `boundTo` (what the value must stay attached to:
 * its KV key, its expiry or update time) and the key id as associated data.
 */
export function sealBound(input: { key: Buffer; boundTo: string; value: string }): string {
  const keyId = keyIdOf(input.key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', input.key, iv);
  cipher.setAAD(associated(input.boundTo, keyId));
  const body = Buffer.concat([cipher.update(input.value, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), keyId, iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Opens what sealBound sealed with the same key and `boundTo`; SecretSealBrokenError otherwise. */
export function openBound(input: { key: Buffer; boundTo: string; sealed: string }): string {
  const buf = Buffer.from(input.sealed, 'base64');
  const head = 1 + KEY_ID_BYTES;
  if (buf.length <= head + IV_BYTES + TAG_BYTES || buf[0] !== VERSION)
    throw new SecretSealBrokenError('sealed value has an unknown layout');
  const keyId = buf.subarray(1, head);
  if (!keyId.equals(keyIdOf(input.key)))
    throw new SecretSealBrokenError('sealed value was sealed with another key; check FORAGE_EVIDENCE_KEY');
  try {
    const decipher = createDecipheriv('aes-256-gcm', input.key, buf.subarray(head, head + IV_BYTES));
    decipher.setAAD(associated(input.boundTo, keyId));
    decipher.setAuthTag(buf.subarray(head + IV_BYTES, head + IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(buf.subarray(head + IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch (err) {
    throw new SecretSealBrokenError('sealed value failed authentication', { cause: err });
  }
}

function associated(boundTo: string, keyId: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${boundTo}\n`, 'utf8'), keyId]);
}
