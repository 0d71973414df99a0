/**
 * The files `forage deploy init` writes beside docker-compose.yml: `.env` (what compose
 * substitutes: the NATS passwords nats-server reads, the allowed host names, which images to use)
 * and `secrets/`, one file per secret, which compose mounts into the containers that need it
 * (`secrets:` in docker-compose.yml) so no secret shows in `docker inspect`.
 */
import { passwordVariableOf, type NatsIdentity } from '@forage/messaging/stack';
import { databaseUrlOf, type DeploymentSecrets } from './secrets.js';

export interface PlannedFile {
  /** Relative to the directory holding docker-compose.yml. */
  readonly path: string;
  readonly content: string;
  readonly mode: number;
}

export interface ComposeOptions {
  /** Host names the gateway answers to besides loopback (GATEWAY_ALLOWED_HOSTS). */
  readonly hosts: readonly string[];
  /** Use the third-party images built from Debian packages (deploy/images) instead of a registry's. */
  readonly localImages: boolean;
}

/** The compose files, in order, when the air-gapped stand-ins are used. */
export const LOCAL_IMAGES_COMPOSE_FILE = 'docker-compose.yml:deploy/images/compose.yml';

/** Directory of the secret files; 0700, so only its owner on the host can read them. */
export const SECRETS_DIR = 'secrets';

/** `secrets/<name>` as docker-compose.yml names them (the test of required settings reads the same names). */
export function composeSecretFiles(secrets: DeploymentSecrets): PlannedFile[] {
  // Readable inside the containers, whatever uid a service runs as (the bind mount keeps the mode);
  // on the host the 0700 directory keeps everyone but its owner out.
  const file = (name: string, content: string): PlannedFile => ({
    path: `${SECRETS_DIR}/${name}`,
    content: `${content}\n`,
    mode: 0o644,
  });
  return [
    file('evidence-key', secrets.evidenceKey),
    file('postgres-password', secrets.postgresPassword),
    file('database-url', databaseUrlOf(secrets.postgresPassword)),
    file('grafana-admin-password', secrets.grafanaAdminPassword),
    file('api-keys.json', JSON.stringify({ keys: [secrets.apiKey.record] }, null, 2)),
    file('verdict-signing-key', secrets.verdictKeys.privateKey),
    file('verdict-public-key', secrets.verdictKeys.publicKey),
    ...[...secrets.natsPasswords].map(([id, pass]) => file(natsPasswordFileName(id), pass)),
  ];
}

export function natsPasswordFileName(identity: NatsIdentity): string {
  return `nats-${identity}.password`;
}

/** `.env`: owner-only (it holds the NATS passwords nats-server reads from its environment). */
export function composeEnvFile(secrets: DeploymentSecrets, options: ComposeOptions, now: Date): PlannedFile {
  const lines = [
    `# Written by \`forage deploy init\` on ${now.toISOString()}; read by docker-compose. Keep it and`,
    `# ${SECRETS_DIR}/ for the life of the volumes: the evidence key encrypts the stored evidence.`,
    'COMPOSE_PROJECT_NAME=forage',
    ...(options.localImages
      ? [
          '# third-party images built from Debian packages (deploy/images): no registry needed',
          `COMPOSE_FILE=${LOCAL_IMAGES_COMPOSE_FILE}`,
        ]
      : []),
    '# host names the gateway answers to besides localhost (comma-separated)',
    `FORAGE_PUBLIC_HOSTS=${options.hosts.join(',')}`,
    '# one password per NATS identity, read by nats-server (deploy/nats/auth.conf); each service',
    `# reads only its own, from ${SECRETS_DIR}/nats-<identity>.password`,
    ...[...secrets.natsPasswords].map(([id, pass]) => `${passwordVariableOf(id)}=${pass}`),
  ];
  return { path: '.env', content: `${lines.join('\n')}\n`, mode: 0o600 };
}
