import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Layout 1: no key id, never compressed (still readable). Layout 2: key id and codec. */
const LEGACY_VERSION = 1;
const VERSION = 2;
const KEY_ID_BYTES = 8;

/** How the plaintext was packed before encryption. */
export type EvidenceCodec = 'raw' | 'gzip';
const CODEC_BYTE: Record<EvidenceCodec, number> = { raw: 0, gzip: 1 };

export class EvidenceKeyError extends Error {
  override readonly name = 'EvidenceKeyError';
}

/** The stored blob did not decrypt (wrong key or altered bytes). */
export class EvidenceTamperedError extends Error {
  override readonly name: string = 'EvidenceTamperedError';
}

/** The blob was sealed under another key than the one configured: not tampering, a key mix-up. */
export class EvidenceWrongKeyError extends EvidenceTamperedError {
  override readonly name = 'EvidenceWrongKeyError';
}

/** The first bytes of sha256(key): names the key a blob was sealed with, without revealing it. */
export function keyIdOf(key: Buffer): Buffer {
  return createHash('sha256').update(key).digest().subarray(0, KEY_ID_BYTES);
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
 * AES-256-GCM with a random IV per blob over the (possibly compressed) plaintext. The plaintext's
 * sha256, the codec and the key id are bound as associated data, so a blob cannot be swapped under
 * another name or unpacked another way. Layout 2: version(1) | keyId(8) | codec(1) | iv(12) |
 * tag(16) | ciphertext.
 */
export function seal(input: {
  key: Buffer;
  packed: Uint8Array;
  codec: EvidenceCodec;
  sha256: string;
}): Buffer {
  const keyId = keyIdOf(input.key);
  const codec = Buffer.from([CODEC_BYTE[input.codec]]);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', input.key, iv);
  cipher.setAAD(Buffer.concat([Buffer.from(input.sha256, 'hex'), keyId, codec]));
  const body = Buffer.concat([cipher.update(input.packed), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), keyId, codec, iv, cipher.getAuthTag(), body]);
}

/**
 * Decrypts a blob: the packed plaintext and how to unpack it. A blob sealed under another key is
 * an EvidenceWrongKeyError; any other failure (a flipped bit, a cut blob) is EvidenceTamperedError.
 */
export function open(
  key: Buffer,
  sealed: Uint8Array,
  sha256: string,
): { packed: Buffer; codec: EvidenceCodec } {
  const buf = Buffer.from(sealed);
  if (buf[0] === LEGACY_VERSION) return { packed: openLegacy(key, buf, sha256), codec: 'raw' };
  const head = 1 + KEY_ID_BYTES + 1;
  if (buf.length < head + IV_BYTES + TAG_BYTES || buf[0] !== VERSION) {
    throw new EvidenceTamperedError(`evidence ${sha256} has an unknown layout`);
  }
  const keyId = buf.subarray(1, 1 + KEY_ID_BYTES);
  if (!keyId.equals(keyIdOf(key))) {
    throw new EvidenceWrongKeyError(
      `evidence ${sha256} was sealed with another key (key id ${keyId.toString('hex')}); check FORAGE_EVIDENCE_KEY`,
    );
  }
  const codecByte = buf[1 + KEY_ID_BYTES];
  const codec = (Object.keys(CODEC_BYTE) as EvidenceCodec[]).find((c) => CODEC_BYTE[c] === codecByte);
  if (!codec)
    throw new EvidenceTamperedError(`evidence ${sha256} names an unknown codec ${String(codecByte)}`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, buf.subarray(head, head + IV_BYTES));
    decipher.setAAD(Buffer.concat([Buffer.from(sha256, 'hex'), keyId, buf.subarray(1 + KEY_ID_BYTES, head)]));
    decipher.setAuthTag(buf.subarray(head + IV_BYTES, head + IV_BYTES + TAG_BYTES));
    const packed = Buffer.concat([
      decipher.update(buf.subarray(head + IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]);
    return { packed, codec };
  } catch (err) {
    throw new EvidenceTamperedError(`evidence ${sha256} failed authentication (altered bytes)`, {
      cause: err,
    });
  }
}

/** Layout 1 (version | iv | tag | ciphertext, sha256 as associated data), written before compression. */
function openLegacy(key: Buffer, buf: Buffer, sha256: string): Buffer {
  if (buf.length < 1 + IV_BYTES + TAG_BYTES)
    throw new EvidenceTamperedError(`evidence ${sha256} has an unknown layout`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, buf.subarray(1, 1 + IV_BYTES));
    decipher.setAAD(Buffer.from(sha256, 'hex'));
    decipher.setAuthTag(buf.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(buf.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch (err) {
    throw new EvidenceTamperedError(`evidence ${sha256} failed authentication`, { cause: err });
  }
}
