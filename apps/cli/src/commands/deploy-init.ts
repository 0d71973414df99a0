import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  composeEnvFile,
  composeSecretFiles,
  SECRETS_DIR,
  type PlannedFile,
} from '../deploy/compose-files.js';
import { k8sSecretManifest } from '../deploy/k8s-secrets.js';
import { generateDeploymentSecrets } from '../deploy/secrets.js';
import { EX_USAGE } from './exit-codes.js';

/** sysexits: the files exist already (regenerating would orphan the evidence and the volumes). */
export const EX_CANTCREAT = 73;

/** The k8s Secret manifest's file name (ignored by git). */
export const K8S_SECRETS_FILE = 'forage-secrets.yaml';

export interface DeployInitInput {
  readonly positionals: readonly string[];
  /** Where docker-compose.yml is (default: the working directory). */
  readonly dir: string;
  readonly k8s: boolean;
  readonly localImages: boolean;
  readonly hosts: readonly string[];
  readonly force: boolean;
  readonly write: (line: string) => void;
  readonly warn: (line: string) => void;
  readonly now?: Date;
}

/**
 * `forage deploy init [--k8s] [--local-images] [--host NAME]… [--dir DIR] [--force]`: writes every
 * secret a team deployment needs (compose: `.env` 0600 and `secrets/`; k8s: one Secret manifest
 * 0600) and prints the first API key, once. Refuses to overwrite unless --force.
 */
export function deployInit(input: DeployInitInput): number {
  const [action] = input.positionals;
  if (action !== 'init') {
    input.warn('usage: forage deploy init [--k8s] [--local-images] [--host NAME]… [--dir DIR] [--force]');
    return EX_USAGE;
  }
  const now = input.now ?? new Date();
  const secrets = generateDeploymentSecrets(now);
  const files: PlannedFile[] = input.k8s
    ? [{ path: K8S_SECRETS_FILE, content: k8sSecretManifest(secrets, now), mode: 0o600 }]
    : [
        composeEnvFile(secrets, { hosts: input.hosts, localImages: input.localImages }, now),
        ...composeSecretFiles(secrets),
      ];
  const existing = files.map((f) => f.path).filter((p) => existsSync(join(input.dir, p)));
  if (existing.length > 0 && !input.force) {
    input.warn(
      `forage deploy init: ${existing.join(', ')} already exist in ${input.dir}; the stack's volumes were made with ` +
        'those secrets (evidence written with another key cannot be read). Pass --force to replace them anyway.',
    );
    return EX_CANTCREAT;
  }
  if (!input.k8s) {
    mkdirSync(join(input.dir, SECRETS_DIR), { recursive: true, mode: 0o700 });
    chmodSync(join(input.dir, SECRETS_DIR), 0o700);
  }
  for (const f of files) {
    const path = join(input.dir, f.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, f.content, { mode: f.mode });
    chmodSync(path, f.mode);
  }
  input.write(`wrote ${files.map((f) => f.path).join(', ')} in ${input.dir}`);
  input.write('the first API key (shown only now; send it as Authorization: Bearer <key>):');
  input.write(secrets.apiKey.token);
  input.write(
    input.k8s
      ? `next: kubectl apply -f deploy/k8s/namespace.yaml -f ${K8S_SECRETS_FILE} && kubectl apply -k deploy/k8s`
      : 'next: docker-compose up -d   (or docker compose up -d)',
  );
  return 0;
}
