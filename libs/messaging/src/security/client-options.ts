import { existsSync } from 'node:fs';
import { z } from 'zod';
import { inboxPrefixOf } from './permissions.js';
import { passwordFileOf, readPasswordFile } from './credentials.js';

export class NatsCredentialsError extends Error {
  override readonly name = 'NatsCredentialsError';
}

/** How a client authenticates and encrypts; empty on a server without authorization. */
export interface NatsClientSecurity {
  readonly user?: string;
  readonly pass?: string;
  readonly tls?: { readonly caFile?: string; readonly certFile?: string; readonly keyFile?: string };
}

const optionalText = z.string().trim().min(1).optional();

/**
 * The variables every service (and the CLI) reads for its NATS identity. NATS_USER with
 * NATS_PASSWORD or NATS_PASSWORD_FILE names one identity; NATS_CREDENTIALS_DIR instead lets each
 * service pick `<dir>/<service>.password` under its own name (several services in one process).
 */
export const natsClientEnvSchema = z.object({
  NATS_USER: optionalText,
  NATS_PASSWORD: optionalText,
  NATS_PASSWORD_FILE: optionalText,
  NATS_CREDENTIALS_DIR: optionalText,
  NATS_TLS_CA: optionalText,
  NATS_TLS_CERT: optionalText,
  NATS_TLS_KEY: optionalText,
});

/** The security a service named `identity` connects with, from its environment. */
export function natsClientSecurityFromEnv(
  identity: string,
  env: NodeJS.ProcessEnv = process.env,
): NatsClientSecurity {
  const parsed = natsClientEnvSchema.safeParse(env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new NatsCredentialsError(`invalid NATS client settings: ${names}`);
  }
  const e = parsed.data;
  const tls =
    e.NATS_TLS_CA || e.NATS_TLS_CERT
      ? {
          ...(e.NATS_TLS_CA ? { caFile: e.NATS_TLS_CA } : {}),
          ...(e.NATS_TLS_CERT ? { certFile: e.NATS_TLS_CERT } : {}),
          ...(e.NATS_TLS_KEY ? { keyFile: e.NATS_TLS_KEY } : {}),
        }
      : undefined;
  const auth = authOf(identity, e);
  return { ...auth, ...(tls ? { tls } : {}) };
}

function authOf(identity: string, e: z.infer<typeof natsClientEnvSchema>): { user?: string; pass?: string } {
  if (e.NATS_USER) {
    const pass = e.NATS_PASSWORD ?? (e.NATS_PASSWORD_FILE ? readSecret(e.NATS_PASSWORD_FILE) : undefined);
    if (!pass) throw new NatsCredentialsError('NATS_USER is set without NATS_PASSWORD or NATS_PASSWORD_FILE');
    return { user: e.NATS_USER, pass };
  }
  if (e.NATS_CREDENTIALS_DIR) {
    return { user: identity, pass: readSecret(passwordFileOf(e.NATS_CREDENTIALS_DIR, identity)) };
  }
  return {};
}

function readSecret(file: string): string {
  if (!existsSync(file)) throw new NatsCredentialsError(`NATS password file ${file} does not exist`);
  return readPasswordFile(file);
}

/**
 * Options for `connect()`: credentials, TLS, and the identity's own inbox prefix. Also
 * `noAsyncTraces`: otherwise nats.js builds two Error objects (stack traces) for every request and
 * JetStream publish in advance, in case it fails; at thousands of log records a second that was a
 * sixth of a publisher's CPU. A failed request still says what failed; our errors wrap it.
 */
export function natsConnectOptions(security: NatsClientSecurity): {
  user?: string;
  pass?: string;
  inboxPrefix?: string;
  tls?: { caFile?: string; certFile?: string; keyFile?: string };
  noAsyncTraces: boolean;
} {
  return {
    noAsyncTraces: true,
    ...(security.user ? { user: security.user, pass: security.pass ?? '' } : {}),
    ...(security.user ? { inboxPrefix: inboxPrefixOf(security.user) } : {}),
    ...(security.tls ? { tls: { ...security.tls } } : {}),
  };
}

/** An identity whose password lives in a file (what `forage up` records in stack.json as `natsAuth`). */
export interface NatsPasswordFileAuth {
  readonly user: string;
  readonly passwordFile: string;
  readonly caFile?: string;
}

/** Connect options for an identity given by its password file; no credentials when `auth` is absent (no authorization). */
export function natsConnectOptionsFromFile(
  auth: NatsPasswordFileAuth | undefined,
): ReturnType<typeof natsConnectOptions> {
  if (!auth) return natsConnectOptions({});
  return natsConnectOptions({
    user: auth.user,
    pass: readSecret(auth.passwordFile),
    ...(auth.caFile ? { tls: { caFile: auth.caFile } } : {}),
  });
}
