import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NATS_IDENTITIES, type NatsIdentity } from './topology.js';

/** The file holding one identity's password in a credentials directory. */
export function passwordFileOf(dir: string, identity: string): string {
  return join(dir, `${identity}.password`);
}

/**
 * A password per identity in `dir` (0700, files 0600), created once and kept, so a restarted
 * nats-server and restarted services keep agreeing. Returns each identity's password.
 */
export function ensureNatsCredentials(dir: string): ReadonlyMap<NatsIdentity, string> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const out = new Map<NatsIdentity, string>();
  for (const identity of NATS_IDENTITIES) {
    const file = passwordFileOf(dir, identity);
    if (!existsSync(file)) writeFileSync(file, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
    out.set(identity, readPasswordFile(file));
  }
  return out;
}

export function readPasswordFile(file: string): string {
  return readFileSync(file, 'utf8').trim();
}
