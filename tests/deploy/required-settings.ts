/**
 * Whether a deployed container gets every setting its service needs: the environment it starts
 * with (secret files resolved as the image's entrypoint resolves them) must pass the service's own
 * configuration loader, and the deployment rules the schemas cannot state alone must hold.
 */
import { apiKeyFileSchema } from '@forage/config';
import { VerdictSigner, VerdictVerifier } from '@forage/evidence';
import { natsClientSecurityFromEnv } from '@forage/messaging';
import type { ServiceEnv } from './service-env.js';

export interface AppConfig {
  /** The service's configuration loader (apps/<app>/src/config.ts); throws ConfigError when a setting is missing or bad. */
  readonly load: (env: NodeJS.ProcessEnv) => unknown;
  /** The names its schema reads. */
  readonly keys: readonly string[];
}

/** `SECRET_FILE_SETTINGS="A B"` of deploy/docker-entrypoint.sh: the settings NAME_FILE may give. */
export function secretFileSettingsOf(entrypoint: string): string[] {
  const m = /^SECRET_FILE_SETTINGS="([^"]*)"/m.exec(entrypoint);
  if (!m?.[1]) throw new Error('deploy/docker-entrypoint.sh has no SECRET_FILE_SETTINGS line');
  return m[1].split(/\s+/).filter(Boolean);
}

/** The environment the service process sees: NAME_FILE → NAME for the entrypoint's settings. */
export function effectiveEnv(svc: ServiceEnv, fileSettings: readonly string[]): Record<string, string> {
  const fileVars = new Set(fileSettings.map((name) => `${name}_FILE`));
  const env: Record<string, string> = Object.fromEntries(
    Object.entries(svc.env).filter(([k]) => !fileVars.has(k)),
  );
  for (const name of fileSettings) {
    const path = svc.env[`${name}_FILE`];
    const content = path === undefined ? undefined : svc.files.get(path);
    if (content !== undefined) env[name] = content.replace(/\n+$/, '');
  }
  return env;
}

/** Every problem of one container, each naming the service and the setting. */
export function problemsOf(svc: ServiceEnv, config: AppConfig, fileSettings: readonly string[]): string[] {
  const env = effectiveEnv(svc, fileSettings);
  const problems: string[] = [];
  const at = (what: string): string => `${svc.name}: ${what}`;
  for (const name of fileSettings) {
    const path = svc.env[`${name}_FILE`];
    if (path !== undefined && !svc.files.has(path))
      problems.push(at(`${name}_FILE=${path} is not mounted from a secret`));
  }
  let parsed: Record<string, unknown> = {};
  try {
    parsed = config.load(env) as Record<string, unknown>;
  } catch (err) {
    problems.push(at(err instanceof Error ? err.message.replace(/\s+/g, ' ') : String(err)));
  }
  // the evidence key: every service whose schema reads it (optional for the gateway, whose
  // evidence endpoint and web UI view cannot work without it)
  if (config.keys.includes('FORAGE_EVIDENCE_KEY') && !env['FORAGE_EVIDENCE_KEY'])
    problems.push(at('FORAGE_EVIDENCE_KEY is not given (as FORAGE_EVIDENCE_KEY_FILE from a secret)'));
  // verdicts: optional for a single process, required in a deployment (an unsigned verdict is refused,
  // and without the public key any verdict the verifier's identity recorded would count)
  for (const key of VERDICT_KEY_SETTINGS)
    if (config.keys.includes(key) && !env[key])
      problems.push(at(`${key} is not given (as ${key}_FILE from a secret)`));
  // its own NATS identity: nats-server refuses anonymous clients
  if (env['NATS_USER'] !== svc.app) problems.push(at(`NATS_USER must be ${svc.app}`));
  const passwordFile = env['NATS_PASSWORD_FILE'];
  if (!passwordFile || !svc.files.has(passwordFile))
    problems.push(at('NATS_PASSWORD_FILE must name a password file mounted from a secret'));
  else
    try {
      natsClientSecurityFromEnv(svc.app, { ...env, NATS_PASSWORD: svc.files.get(passwordFile) ?? '' });
    } catch (err) {
      problems.push(at(String(err)));
    }
  if (svc.secretsInEnv.length > 0)
    problems.push(
      at(`secrets as plain environment variables (give them as files): ${svc.secretsInEnv.join(', ')}`),
    );
  if (config.keys.includes('GATEWAY_ALLOWED_HOSTS')) {
    if (!('GATEWAY_ALLOWED_HOSTS' in env))
      problems.push(at('GATEWAY_ALLOWED_HOSTS is not set (the host names it answers to)'));
    const loopback = ['127.0.0.1', '::1', 'localhost'].includes(String(parsed['GATEWAY_HOST']));
    if (!loopback || env['GATEWAY_REQUIRE_API_KEY'] === 'true') {
      const file = env['GATEWAY_API_KEYS_FILE'];
      const content = file ? svc.files.get(file) : undefined;
      if (content === undefined)
        problems.push(at('listening beyond loopback needs GATEWAY_API_KEYS_FILE mounted from a secret'));
      else if (!apiKeyFileSchema.safeParse(JSON.parse(content)).success)
        problems.push(at(`${file ?? ''} is not an API key file`));
    }
  }
  // several logging replicas share one hash chain only through PostgreSQL
  if (config.keys.includes('DATABASE_URL') && svc.replicas > 1 && !env['DATABASE_URL'])
    problems.push(at(`${svc.replicas} replicas need DATABASE_URL (PGlite is single-writer)`));
  return problems;
}

const VERDICT_KEY_SETTINGS = ['VERIFIER_SIGNING_KEY', 'VERDICT_PUBLIC_KEY'] as const;

/**
 * The verdict keys across a deployment: the signing key reaches only the services whose schema
 * reads it (the verifier), and every public key given is the one that checks its signatures.
 */
export function verdictKeyProblems(
  deployed: readonly { readonly svc: ServiceEnv; readonly config: AppConfig }[],
  fileSettings: readonly string[],
): string[] {
  const envs = deployed.map(({ svc, config }) => ({ svc, config, env: effectiveEnv(svc, fileSettings) }));
  const signingKeys = envs
    .filter(({ config }) => config.keys.includes('VERIFIER_SIGNING_KEY'))
    .map(({ env }) => env['VERIFIER_SIGNING_KEY'])
    .filter((k): k is string => Boolean(k));
  const problems: string[] = [];
  for (const { svc, config } of envs) {
    if (config.keys.includes('VERIFIER_SIGNING_KEY')) continue;
    const held = [...Object.values(svc.env), ...svc.files.values()];
    if (signingKeys.some((key) => held.some((v) => v.includes(key))))
      problems.push(`${svc.name}: holds the verdict signing key (only the verifier may)`);
  }
  const probe = { verdict: 'probe' };
  for (const { svc, env } of envs) {
    const publicKey = env['VERDICT_PUBLIC_KEY'];
    if (!publicKey) continue;
    for (const key of signingKeys)
      if (new VerdictVerifier(publicKey).problem(probe, new VerdictSigner(key).sign(probe)) !== undefined)
        problems.push(`${svc.name}: VERDICT_PUBLIC_KEY does not check the verifier's signatures`);
  }
  return problems;
}
