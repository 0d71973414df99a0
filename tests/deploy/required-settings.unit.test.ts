import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments, stringify } from 'yaml';
import {
  actionExecutionConfigSchema,
  loadActionExecutionConfig,
} from '../../apps/action-execution/src/config.js';
import { domExtractionConfigSchema, loadDomExtractionConfig } from '../../apps/dom-extraction/src/config.js';
import {
  domUnderstandingConfigSchema,
  loadDomUnderstandingConfig,
} from '../../apps/dom-understanding/src/config.js';
import { gatewayConfigSchema, loadGatewayConfig } from '../../apps/gateway/src/config.js';
import { loadLoggingConfig, loggingConfigSchema } from '../../apps/logging/src/config.js';
import { loadOrchestratorConfig, orchestratorConfigSchema } from '../../apps/orchestrator/src/config.js';
import { loadProcessingConfig, processingConfigSchema } from '../../apps/processing/src/config.js';
import { loadSearchConfig, searchConfigSchema } from '../../apps/search/src/config.js';
import { loadVerifierConfig, verifierConfigSchema } from '../../apps/verifier/src/config.js';
import { composeEnvFile, composeSecretFiles } from '../../apps/cli/src/deploy/compose-files.js';
import { k8sSecretManifest } from '../../apps/cli/src/deploy/k8s-secrets.js';
import { generateDeploymentSecrets } from '../../apps/cli/src/deploy/secrets.js';
import { busInitProblems, composeOrderProblems } from './bus-bootstrap.js';
import { problemsOf, secretFileSettingsOf, verdictKeyProblems, type AppConfig } from './required-settings.js';
import { composeServices, k8sServices, type ServiceEnv } from './service-env.js';

const root = join(import.meta.dirname, '..', '..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const keysOf = (schema: { shape: Record<string, unknown> }): string[] => Object.keys(schema.shape);

/** Every service's configuration schema and loader (apps/<app>/src/config.ts). */
const APPS: Record<string, AppConfig> = {
  'action-execution': { load: loadActionExecutionConfig, keys: keysOf(actionExecutionConfigSchema) },
  'dom-extraction': { load: loadDomExtractionConfig, keys: keysOf(domExtractionConfigSchema) },
  'dom-understanding': { load: loadDomUnderstandingConfig, keys: keysOf(domUnderstandingConfigSchema) },
  gateway: { load: loadGatewayConfig, keys: keysOf(gatewayConfigSchema) },
  logging: { load: loadLoggingConfig, keys: keysOf(loggingConfigSchema) },
  orchestrator: { load: loadOrchestratorConfig, keys: keysOf(orchestratorConfigSchema) },
  processing: { load: loadProcessingConfig, keys: keysOf(processingConfigSchema) },
  search: { load: loadSearchConfig, keys: keysOf(searchConfigSchema) },
  verifier: { load: loadVerifierConfig, keys: keysOf(verifierConfigSchema) },
};

const fileSettings = secretFileSettingsOf(read('deploy/docker-entrypoint.sh'));
const secrets = generateDeploymentSecrets();
const composeVars = Object.fromEntries(
  composeEnvFile(secrets, { hosts: [], localImages: false }, new Date())
    .content.split('\n')
    .filter((l) => /^[A-Z_]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
);
const composeSecrets = new Map(composeSecretFiles(secrets).map((f) => [f.path, f.content]));
const k8sSecrets = k8sSecretManifest(secrets, new Date());

/** The admin identity's password and the copies the services ask for: what the bootstrap job must use. */
const adminPassword = secrets.natsPasswords.get('admin') ?? '';
const STREAM_REPLICAS = 3;

/**
 * All problems of a deployment: every app present, each of its containers complete, the verdict
 * keys where they belong, and one `forage bus init` job (the CLI's only container) as the admin.
 */
function problemsIn(all: readonly ServiceEnv[]): string[] {
  const services = all.filter((s) => s.app !== 'cli');
  const missing = Object.keys(APPS).filter((app) => !services.some((s) => s.app === app));
  const deployed = services.flatMap((svc) => {
    const config = APPS[svc.app];
    return config ? [{ svc, config }] : [];
  });
  return [
    ...missing.map((app) => `${app}: not deployed`),
    ...services.flatMap((s) => {
      const config = APPS[s.app];
      return config
        ? problemsOf(s, config, fileSettings)
        : [`${s.name}: apps/${s.app} has no known config schema`];
    }),
    ...verdictKeyProblems(deployed, fileSettings),
    ...busInitProblems(all, adminPassword, STREAM_REPLICAS),
  ];
}

const FORAGE_SERVICES = Object.keys(APPS);

const composeOf = (text: string): ServiceEnv[] => composeServices(text, composeVars, composeSecrets);

/** deploy/k8s as `kubectl kustomize` renders it; without kubectl, its resources as listed. */
function renderedK8s(): string {
  try {
    return execFileSync('kubectl', ['kustomize', join(root, 'deploy/k8s')], { encoding: 'utf8' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    const kustomization = parse(read('deploy/k8s/kustomization.yaml')) as { resources: string[] };
    return kustomization.resources.map((r) => read(`deploy/k8s/${r}`)).join('\n---\n');
  }
}

/** A compose file with one setting (or one secret) taken from one service. */
function composeWithout(
  service: string,
  key: string,
  from: 'environment' | 'secrets' = 'environment',
): string {
  const doc = parse(read('docker-compose.yml'), { merge: true }) as {
    services: Record<string, { environment: Record<string, unknown>; secrets: string[] }>;
  };
  const svc = doc.services[service];
  if (!svc) throw new Error(`no service ${service}`);
  if (from === 'environment') {
    expect(svc.environment).toHaveProperty([key]);
    svc.environment = Object.fromEntries(Object.entries(svc.environment).filter(([k]) => k !== key));
  } else {
    expect(svc.secrets).toContain(key);
    svc.secrets = svc.secrets.filter((s) => s !== key);
  }
  return stringify(doc);
}

/** Rendered manifests with one env entry (or volume mount) taken from one workload's container. */
function k8sWithout(workload: string, name: string, from: 'env' | 'volumeMounts' = 'env'): string {
  const docs = parseAllDocuments(renderedK8s()).map((d) => d.toJS() as Record<string, unknown> | null);
  const target = docs.find(
    (d) =>
      d &&
      ['Deployment', 'StatefulSet', 'Job'].includes(String(d['kind'])) &&
      (d['metadata'] as { name: string }).name === workload,
  ) as { spec: { template: { spec: { containers: Record<string, { name: string }[]>[] } } } } | undefined;
  const container = target?.spec.template.spec.containers[0];
  if (!container) throw new Error(`no workload ${workload}`);
  const before = container[from]?.length ?? 0;
  container[from] = (container[from] ?? []).filter((e) => e.name !== name);
  expect(container[from].length).toBe(before - 1);
  return docs.map((d) => stringify(d)).join('---\n');
}

describe('required settings of the deployment files', () => {
  it('knows every service that has a configuration schema', () => {
    const apps = readdirSync(join(root, 'apps')).filter((a) =>
      existsSync(join(root, 'apps', a, 'src', 'config.ts')),
    );
    expect(apps.sort()).toEqual(Object.keys(APPS).sort());
  });

  it('docker-compose.yml gives every service every setting it needs, secrets as files', () => {
    expect(problemsIn(composeOf(read('docker-compose.yml')))).toEqual([]);
  });

  it('docker-compose.yml provisions the bus as the admin once, before every Forage service starts', () => {
    expect(composeOrderProblems(read('docker-compose.yml'), FORAGE_SERVICES)).toEqual([]);
  });

  it('fails when a Forage service may start before the bus is provisioned', () => {
    const doc = parse(read('docker-compose.yml'), { merge: true }) as {
      services: Record<string, { depends_on: Record<string, unknown>; restart?: string }>;
    };
    const orchestrator = doc.services['orchestrator'];
    const job = doc.services['bus-init'];
    if (!orchestrator || !job) throw new Error('no orchestrator or bus-init service');
    orchestrator.depends_on = Object.fromEntries(
      Object.entries(orchestrator.depends_on).filter(([k]) => k !== 'bus-init'),
    );
    job.restart = 'unless-stopped';
    expect(composeOrderProblems(stringify(doc), FORAGE_SERVICES)).toEqual([
      'bus-init: restart must be "no" (a one-shot job), not unless-stopped',
      'orchestrator: must depend on bus-init with condition service_completed_successfully',
    ]);
  });

  it('fails when the bootstrap job lacks the admin password', () => {
    expect(problemsIn(composeOf(composeWithout('bus-init', 'nats-admin.password', 'secrets')))).toEqual([
      'bus-init: --creds /run/secrets/nats-admin.password is not mounted from a secret',
    ]);
  });

  it('fails when the bootstrap job provisions fewer copies than the services use', () => {
    const text = read('docker-compose.yml').replace(/- --replicas\n(\s+)- '3'/, "- --replicas\n$1- '1'");
    expect(problemsIn(composeOf(text))).toEqual([
      'bus-init: --replicas 1, but the services ask for 3 copies',
    ]);
  });

  it('fails when the verdict signing key reaches a service other than the verifier', () => {
    const doc = parse(read('docker-compose.yml'), { merge: true }) as {
      services: Record<string, { secrets: string[] }>;
    };
    doc.services['gateway']?.secrets.push('verdict-signing-key');
    expect(problemsIn(composeOf(stringify(doc)))).toEqual([
      'gateway: holds the verdict signing key (only the verifier may)',
    ]);
  });

  it("fails when the public key is not the signing key's pair", () => {
    const other = generateDeploymentSecrets().verdictKeys.publicKey;
    const files = new Map(composeSecrets);
    files.set('secrets/verdict-public-key', `${other}\n`);
    expect(problemsIn(composeServices(read('docker-compose.yml'), composeVars, files))).toEqual([
      "logging: VERDICT_PUBLIC_KEY does not check the verifier's signatures",
      "gateway: VERDICT_PUBLIC_KEY does not check the verifier's signatures",
    ]);
  });

  it.each([
    ['orchestrator', 'FORAGE_EVIDENCE_KEY_FILE', 'FORAGE_EVIDENCE_KEY'],
    ['gateway', 'FORAGE_EVIDENCE_KEY_FILE', 'FORAGE_EVIDENCE_KEY'],
    ['gateway', 'GATEWAY_API_KEYS_FILE', 'GATEWAY_API_KEYS_FILE'],
    ['gateway', 'GATEWAY_ALLOWED_HOSTS', 'GATEWAY_ALLOWED_HOSTS'],
    ['logging', 'DATABASE_URL_FILE', 'DATABASE_URL'],
    ['search', 'NATS_PASSWORD_FILE', 'NATS_PASSWORD_FILE'],
    ['dom-extraction', 'NATS_USER', 'NATS_USER'],
    ['verifier', 'VERIFIER_SIGNING_KEY_FILE', 'VERIFIER_SIGNING_KEY'],
    ['gateway', 'VERDICT_PUBLIC_KEY_FILE', 'VERDICT_PUBLIC_KEY'],
    ['logging', 'VERDICT_PUBLIC_KEY_FILE', 'VERDICT_PUBLIC_KEY'],
  ])('fails when compose does not give %s %s', (service, key, named) => {
    const problems = problemsIn(composeOf(composeWithout(service, key)));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.startsWith(`${service}: `))).toBe(true);
    expect(problems.join('\n')).toContain(named);
  });

  it('fails when a secret a service reads is not mounted into it', () => {
    const problems = problemsIn(composeOf(composeWithout('verifier', 'evidence-key', 'secrets')));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^verifier: FORAGE_EVIDENCE_KEY_FILE=\/run\/secrets\/evidence-key is not mounted/,
        ),
      ]),
    );
  });

  it('fails when a secret is handed over as a plain environment variable', () => {
    const text = read('docker-compose.yml').replace(
      'DATABASE_URL_FILE: /run/secrets/database-url',
      `DATABASE_URL: ${composeSecrets.get('secrets/database-url')?.trim() ?? ''}`,
    );
    expect(problemsIn(composeOf(text))).toEqual([
      expect.stringMatching(/^logging: secrets as plain environment variables.*DATABASE_URL/),
    ]);
  });

  it('deploy/k8s, rendered, gives every service every setting it needs, secrets as files', () => {
    expect(problemsIn(k8sServices(renderedK8s(), k8sSecrets))).toEqual([]);
  });

  it("exposes NATS's unauthenticated monitoring port nowhere: not published by compose, in no k8s Service", () => {
    const compose = parse(read('docker-compose.yml'), { merge: true }) as {
      services: Record<string, { ports?: string[] }>;
    };
    const published = Object.entries(compose.services).flatMap(([name, svc]) =>
      (svc.ports ?? []).filter((p) => p.endsWith(':8222')).map((p) => `${name} ${p}`),
    );
    expect(published).toEqual([]);
    const docs = parseAllDocuments(renderedK8s()).map(
      (d) =>
        d.toJS() as {
          kind?: string;
          metadata?: { name?: string };
          spec?: { ports?: { port: number }[]; ingress?: { ports?: { port: number }[] }[] };
        } | null,
    );
    const services = docs.filter((d) => d?.kind === 'Service');
    expect(
      services.filter((d) => d?.spec?.ports?.some((p) => p.port === 8222)).map((d) => d?.metadata?.name),
    ).toEqual([]);
    const policy = docs.find((d) => d?.kind === 'NetworkPolicy' && d.metadata?.name === 'nats');
    expect(policy?.spec?.ingress?.flatMap((rule) => (rule.ports ?? []).map((p) => p.port)).sort()).toEqual([
      4222, 6222, 7777,
    ]);
  });

  it('deploy/k8s provisions the bus with a Job under the admin identity', () => {
    const jobs = parseAllDocuments(renderedK8s())
      .map((d) => d.toJS() as { kind?: string; metadata?: { name?: string } } | null)
      .filter((d) => d?.kind === 'Job');
    expect(jobs.map((d) => d?.metadata?.name)).toEqual(['bus-init']);
    expect(problemsIn(k8sServices(k8sWithout('bus-init', 'secrets', 'volumeMounts'), k8sSecrets))).toEqual([
      'bus-init: --creds /run/secrets/forage/nats-admin.password is not mounted from a secret',
    ]);
  });

  it.each([
    ['orchestrator', 'FORAGE_EVIDENCE_KEY_FILE', 'env'],
    ['gateway', 'GATEWAY_API_KEYS_FILE', 'env'],
    ['gateway', 'GATEWAY_ALLOWED_HOSTS', 'env'],
    ['verifier', 'NATS_PASSWORD_FILE', 'env'],
    ['verifier', 'VERIFIER_SIGNING_KEY_FILE', 'env'],
    ['logging', 'VERDICT_PUBLIC_KEY_FILE', 'env'],
    ['processing', 'secrets', 'volumeMounts'],
  ] as const)('fails when the %s manifest lacks %s', (workload, name, from) => {
    const problems = problemsIn(k8sServices(k8sWithout(workload, name, from), k8sSecrets));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.startsWith(`${workload}: `))).toBe(true);
  });
});
