import { join, resolve } from 'node:path';
import {
  ADMIN_IDENTITY,
  natsConnectOptionsFromFile,
  passwordFileOf,
  prepareNatsAuth,
  type NatsPasswordFileAuth,
  type NatsServerTls,
  type PreparedNatsAuth,
} from '@forage/messaging/stack';
import type { ForageSettings } from '@forage/config';
import { ensurePrivateDir } from './lock.js';

export class NatsTlsSettingsError extends Error {
  override readonly name = 'NatsTlsSettingsError';
}

/** nats-server's TLS from the user's settings (natsTlsCert, natsTlsKey, natsTlsCa), or none. */
export function natsTlsOf(user: ForageSettings | undefined): NatsServerTls | undefined {
  if (!user?.natsTlsCert && !user?.natsTlsKey) return undefined;
  if (!user.natsTlsCert || !user.natsTlsKey)
    throw new NatsTlsSettingsError('NATS TLS needs both natsTlsCert and natsTlsKey');
  return {
    certFile: resolve(user.natsTlsCert),
    keyFile: resolve(user.natsTlsKey),
    ...(user.natsTlsCa ? { caFile: resolve(user.natsTlsCa) } : {}),
  };
}

/** How the CLI reaches a stack's NATS: the operator's identity, its password in a 0600 file. */
export type StackNatsAuth = NatsPasswordFileAuth;

/** `<dataDir>/secrets/nats`: the server configuration and one password file per identity. */
export function prepareStackNatsAuth(dataDir: string, tls?: NatsServerTls): PreparedNatsAuth {
  ensurePrivateDir(join(dataDir, 'secrets'));
  return prepareNatsAuth({ dir: join(dataDir, 'secrets', 'nats'), ...(tls ? { tls } : {}) });
}

/** The CLI's own identity for stack.json. */
export function adminAuthOf(auth: PreparedNatsAuth, tls?: NatsServerTls): StackNatsAuth {
  return {
    user: ADMIN_IDENTITY,
    passwordFile: passwordFileOf(auth.credentialsDir, ADMIN_IDENTITY),
    ...(tls?.caFile ? { caFile: tls.caFile } : {}),
  };
}

/** What a service replica reads to connect under its own name. */
export function serviceNatsEnv(input: {
  credentialsDir: string;
  service: string;
  caFile?: string;
}): Record<string, string> {
  return {
    NATS_USER: input.service,
    NATS_PASSWORD_FILE: passwordFileOf(input.credentialsDir, input.service),
    ...(input.caFile ? { NATS_TLS_CA: input.caFile } : {}),
  };
}

const known = new Map<string, StackNatsAuth>();

/** Remembers a running stack's CLI identity (readStackState does), so commands given only its URL can connect. */
export function rememberStackNatsAuth(natsUrl: string, auth: StackNatsAuth | undefined): void {
  if (auth) known.set(natsUrl, auth);
}

/** Connect options for the stack at `natsUrl`: the admin identity when it requires one. */
export function stackNatsOptions(natsUrl: string): ReturnType<typeof natsConnectOptionsFromFile> {
  return natsConnectOptionsFromFile(known.get(natsUrl));
}
