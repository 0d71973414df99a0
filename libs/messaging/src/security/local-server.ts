import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureNatsCredentials } from './credentials.js';
import { renderNatsAuthorization, type NatsServerTls } from './server-config.js';
import type { NatsIdentity } from './topology.js';

export interface PreparedNatsAuth {
  /** nats-server's configuration file (authorization, TLS), owner-only. */
  readonly configFile: string;
  /** One `<identity>.password` file per identity; give a service NATS_USER and NATS_PASSWORD_FILE, or NATS_CREDENTIALS_DIR. */
  readonly credentialsDir: string;
  passwordOf(identity: NatsIdentity): string;
}

/**
 * Credentials for every identity under `dir`/credentials (kept across restarts) and a server
 * configuration `dir`/nats-server.conf requiring them, with TLS when given.
 */
export function prepareNatsAuth(input: { dir: string; tls?: NatsServerTls }): PreparedNatsAuth {
  const credentialsDir = join(input.dir, 'credentials');
  const passwords = ensureNatsCredentials(credentialsDir);
  const passwordOf = (identity: NatsIdentity): string => {
    const value = passwords.get(identity);
    if (value === undefined) throw new Error(`no NATS password for ${identity}`);
    return value;
  };
  const configFile = join(input.dir, 'nats-server.conf');
  const text = renderNatsAuthorization({
    passwords: (identity) => ({ value: passwordOf(identity) }),
    ...(input.tls ? { tls: input.tls } : {}),
  });
  writeFileSync(configFile, text, { mode: 0o600 });
  chmodSync(configFile, 0o600);
  return { configFile, credentialsDir, passwordOf };
}
