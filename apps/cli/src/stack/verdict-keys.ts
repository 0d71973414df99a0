import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { generateVerdictKeyPair, type VerdictKeyPair } from '@forage/evidence';

const keyFileSchema = z.object({ privateKey: z.string().min(1), publicKey: z.string().min(1) });

/**
 * The stack's verdict signing key pair, `<dataDir>/verdict-signing.key` (0600), made on first
 * start and kept: the verifier gets the private key, everything that shows verdicts the public one.
 */
export function ensureVerdictKeys(dataDir: string): VerdictKeyPair {
  const file = join(dataDir, 'verdict-signing.key');
  if (!existsSync(file)) {
    writeFileSync(file, `${JSON.stringify(generateVerdictKeyPair())}\n`, { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return keyFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}
