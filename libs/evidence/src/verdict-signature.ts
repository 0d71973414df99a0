import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { z } from 'zod';
import { digestOf } from './digest.js';

/** What the verifier signs: its verdict's digest, under a name no other signature of ours uses. */
const CONTEXT = 'forage-verdict-v1:';

/** A verdict signing key or public key that does not parse as Ed25519. */
export class VerdictKeyError extends Error {
  override readonly name = 'VerdictKeyError';
}

/** An Ed25519 key pair as single-line settings: base64 DER (pkcs8 private, spki public). */
export interface VerdictKeyPair {
  readonly privateKey: string;
  readonly publicKey: string;
}

export function generateVerdictKeyPair(): VerdictKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

/** The verifier's side: signs each recorded verdict with the key only it holds. */
export class VerdictSigner {
  private readonly key: KeyObject;

  constructor(privateKey: string) {
    this.key = parseKey(() =>
      createPrivateKey({ key: Buffer.from(privateKey, 'base64'), format: 'der', type: 'pkcs8' }),
    );
  }

  /** The signature (base64) of `verdict`. */
  sign(verdict: unknown): string {
    return sign(null, message(verdict), this.key).toString('base64');
  }
}

/** Everyone else's side: whether a recorded verdict carries the verifier's signature. */
export class VerdictVerifier {
  private readonly key: KeyObject;

  constructor(publicKey: string) {
    this.key = parseKey(() =>
      createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' }),
    );
  }

  /** Why `signature` does not make `verdict` the verifier's, or undefined when it does. */
  problem(verdict: unknown, signature: unknown): string | undefined {
    if (typeof signature !== 'string' || signature === '') return 'unsigned verdict';
    const ok = verify(null, message(verdict), this.key, Buffer.from(signature, 'base64'));
    return ok ? undefined : 'the verdict signature does not match (not signed by the verifier, or altered)';
  }
}

function message(verdict: unknown): Buffer {
  return Buffer.from(`${CONTEXT}${digestOf(verdict)}`);
}

function parseKey(read: () => KeyObject): KeyObject {
  let key: KeyObject;
  try {
    key = read();
  } catch (err) {
    throw new VerdictKeyError('not a base64 DER key', { cause: err });
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new VerdictKeyError(`an ${String(key.asymmetricKeyType)} key, not Ed25519`);
  return key;
}

/** The public key setting (VERDICT_PUBLIC_KEY) of every service that checks verdicts: base64 DER (spki). */
export const verdictPublicKeySchema = z
  .string()
  .trim()
  .min(1)
  .optional()
  .refine(
    (key) => key === undefined || parses(() => new VerdictVerifier(key)),
    'not a base64 DER (spki) Ed25519 public key',
  );

function parses(make: () => unknown): boolean {
  try {
    make();
    return true;
  } catch {
    return false;
  }
}
