import { serviceVariables, type ForageSettings } from '@forage/config';
import { serviceNatsEnv } from './nats-auth.js';

/** The services `forage up` runs, in start order, and the environment each one gets. */
export const SERVICES = [
  'logging',
  'search',
  'dom-extraction',
  'dom-understanding',
  'processing',
  'action-execution',
  'verifier',
  'orchestrator',
  'gateway',
] as const;
export type ServiceName = (typeof SERVICES)[number];

export interface StackSettings {
  readonly natsUrl: string;
  readonly evidenceKey: string;
  readonly dataDir: string;
  readonly sandboxOrigins: readonly string[];
  readonly gatewayPort: number;
  readonly logLevel: string;
  /** Where search serves the files of the user's own index (`forage index`), so pages can render them. */
  readonly filesPort?: number;
  /** The user's settings (flags, FORAGE_*, forage.config.json), mapped onto each service's variables. */
  readonly user?: ForageSettings;
  /** Where each service finds its NATS password (`<service>.password`); unset on a server without authorization. */
  readonly natsCredentialsDir?: string;
  /** CA that signed nats-server's certificate, when NATS uses TLS. */
  readonly natsCaFile?: string;
  /** The verdict signing key pair: the private key goes to the verifier alone. */
  readonly verdictKeys?: { readonly privateKey: string; readonly publicKey: string };
}

export interface ProcessPlan {
  readonly service: ServiceName;
  readonly replica: number;
  readonly opsPort: number;
  readonly env: Record<string, string>;
}

export function parseReplicas(spec: string | undefined): Partial<Record<ServiceName, number>> {
  const out: Partial<Record<ServiceName, number>> = {};
  for (const part of (spec ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, count] = part.split('=');
    if (!name || !(SERVICES as readonly string[]).includes(name))
      throw new Error(`unknown service in --replicas: ${name ?? part}`);
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error(`replica count for ${name} must be 1..16`);
    if (name === 'gateway' && n > 1) throw new Error('gateway runs one replica per HTTP port');
    out[name as ServiceName] = n;
  }
  return out;
}

/** One process per service replica, each with its own ops port and the shared stack settings. */
export function planProcesses(input: {
  settings: StackSettings;
  replicas: Partial<Record<ServiceName, number>>;
  opsPorts: readonly number[];
}): ProcessPlan[] {
  const { settings } = input;
  const plans: ProcessPlan[] = [];
  let portIndex = 0;
  for (const service of SERVICES) {
    const count = input.replicas[service] ?? 1;
    for (let replica = 1; replica <= count; replica++) {
      const opsPort = input.opsPorts[portIndex++];
      if (opsPort === undefined) throw new Error('not enough ops ports');
      plans.push({ service, replica, opsPort, env: envFor({ service, settings, opsPort }) });
    }
  }
  return plans;
}

/** The plan on another ops port: a restart whose port another program took while it was down. */
export function withOpsPort(plan: ProcessPlan, opsPort: number): ProcessPlan {
  return { ...plan, opsPort, env: { ...plan.env, OPS_PORT: String(opsPort) } };
}

function envFor(input: {
  service: ServiceName;
  settings: StackSettings;
  opsPort: number;
}): Record<string, string> {
  const { settings } = input;
  const origins = settings.sandboxOrigins;
  const filesOrigin =
    settings.filesPort === undefined ? [] : [`http://127.0.0.1:${String(settings.filesPort)}`];
  return {
    ...(settings.user ? serviceVariables(settings.user, input.service) : {}),
    NATS_URL: settings.natsUrl,
    OPS_PORT: String(input.opsPort),
    OPS_HOST: '127.0.0.1',
    LOG_LEVEL: settings.logLevel,
    FORAGE_EVIDENCE_KEY: settings.evidenceKey,
    // marks the process as this data directory's (leftovers.ts finds it if the supervisor dies)
    FORAGE_SUPERVISED: settings.dataDir,
    SEARCH_SITEMAPS: origins.map((o) => `${o}/sitemap.xml`).join(','),
    // the sandbox web, then what the user allowed: one list for every fetcher of every service
    EGRESS_ALLOWLIST: [...origins, ...filesOrigin, ...(settings.user?.allow ?? [])].join(','),
    LOGGING_DATA_DIR: `${settings.dataDir}/data/logging`,
    // the user's own index, written by `forage index` (apps/cli/src/commands/index.ts, indexDirOf)
    SEARCH_INDEX_DIR: `${settings.dataDir}/data/search-index`,
    ...(input.service === 'search' && settings.filesPort !== undefined
      ? { SEARCH_FILES_PORT: String(settings.filesPort) }
      : {}),
    GATEWAY_PORT: String(settings.gatewayPort),
    ...(settings.verdictKeys ? { VERDICT_PUBLIC_KEY: settings.verdictKeys.publicKey } : {}),
    ...(settings.verdictKeys && input.service === 'verifier'
      ? { VERIFIER_SIGNING_KEY: settings.verdictKeys.privateKey }
      : {}),
    ...(settings.natsCredentialsDir
      ? serviceNatsEnv({
          credentialsDir: settings.natsCredentialsDir,
          service: input.service,
          ...(settings.natsCaFile ? { caFile: settings.natsCaFile } : {}),
        })
      : {}),
  };
}
