import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 1;

export class EvidenceKeyError extends Error {
  override readonly name = 'EvidenceKeyError';
}

/** The stored blob did not decrypt (wrong key or altered bytes). */
export class EvidenceTamperedError extends Error {
  override readonly name = 'EvidenceTamperedError';
}

export function sha256Hex(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Parses a 32-byte AES key given as 64 hex characters or base64. */
export function parseEvidenceKey(value: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32)
    throw new EvidenceKeyError('FORAGE_EVIDENCE_KEY must be 32 bytes (64 hex chars or base64)');
  return key;
}

/**
 * AES-256-GCM with a random IV per blob; the plaintext's sha256 is bound as associated data so
 * a blob cannot be swapped under another name. Layout: version(1) | iv(12) | tag(16) | ciphertext.
 */
export function seal(key: Buffer, plaintext: Uint8Array, sha256: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(sha256, 'hex'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
}

export function open(key: Buffer, sealed: Uint8Array, sha256: string): Buffer {
  const buf = Buffer.from(sealed);
  if (buf.length < 1 + IV_BYTES + TAG_BYTES || buf[0] !== VERSION) {
    throw new EvidenceTamperedError(`evidence ${sha256} has an unknown layout`);
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, buf.subarray(1, 1 + IV_BYTES));
    decipher.setAAD(Buffer.from(sha256, 'hex'));
    decipher.setAuthTag(buf.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(buf.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch (err) {
    throw new EvidenceTamperedError(`evidence ${sha256} failed authentication`, { cause: err });
  }
}
