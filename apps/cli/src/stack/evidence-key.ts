import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The local stack's evidence key (`<dataDir>/evidence.key`, 0600), made on first use. */
export function evidenceKeyOf(dataDir: string): string {
  const file = join(dataDir, 'evidence.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}
