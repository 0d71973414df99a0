/**
 * Every secret a team deployment needs, generated once by `forage deploy init`: one NATS password
 * per identity, the evidence key, the verdict signing key pair, the PostgreSQL and Grafana passwords
 * and a first API key for the gateway (its token is shown once; only its sha256 is stored).
 */
import { randomBytes } from 'node:crypto';
import { createApiKey, type ApiKeyRecord } from '@forage/config';
import { generateVerdictKeyPair, type VerdictKeyPair } from '@forage/evidence';
import { NATS_IDENTITIES, type NatsIdentity } from '@forage/messaging/stack';

export interface DeploymentSecrets {
  readonly natsPasswords: ReadonlyMap<NatsIdentity, string>;
  /** 32 bytes as 64 hex characters (FORAGE_EVIDENCE_KEY). */
  readonly evidenceKey: string;
  readonly postgresPassword: string;
  readonly grafanaAdminPassword: string;
  /** The verifier's Ed25519 pair: the private key for the verifier alone, the public one for gateway and logging. */
  readonly verdictKeys: VerdictKeyPair;
  /** The first API key: the token to print once, and the record the gateway checks it against. */
  readonly apiKey: { readonly token: string; readonly record: ApiKeyRecord };
}

/** The database the logging replicas share, as `pg` takes it (the password is URL-safe hex). */
export const POSTGRES = { user: 'forage', database: 'forage', host: 'postgres', port: 5432 } as const;

export function databaseUrlOf(password: string, host: string = POSTGRES.host): string {
  return `postgres://${POSTGRES.user}:${password}@${host}:${POSTGRES.port}/${POSTGRES.database}`;
}

export function generateDeploymentSecrets(now: Date = new Date()): DeploymentSecrets {
  const hex = (bytes: number): string => randomBytes(bytes).toString('hex');
  return {
    // nats-server parses a variable's value as a config value: one starting with a digit would be
    // read as a number, so every password starts with a letter
    natsPasswords: new Map(NATS_IDENTITIES.map((id) => [id, `n${hex(24)}`])),
    evidenceKey: hex(32),
    postgresPassword: hex(16),
    grafanaAdminPassword: hex(16),
    verdictKeys: generateVerdictKeyPair(),
    apiKey: createApiKey('deploy init', now),
  };
}
