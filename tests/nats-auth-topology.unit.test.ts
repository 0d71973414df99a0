import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as contracts from '@forage/contracts';
import {
  busTopology,
  permissionsFor,
  renderDeployAuthorization,
  SERVICE_IDENTITIES,
  type ServiceIdentity,
  withConfigMapAuth,
} from '@forage/messaging';

type Contract = contracts.CommandContract | contracts.EventContract;

/** Every contract the contracts lib exports, by its exported name. */
const exported = new Map<string, Contract>();
for (const [name, value] of Object.entries(contracts) as [string, unknown][]) {
  if (isContract(value)) exported.set(name, value);
}

function isContract(value: unknown): value is Contract {
  return (
    typeof value === 'object' &&
    value !== null &&
    'kind' in value &&
    (value.kind === 'command' || value.kind === 'event') &&
    'subject' in value
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The contracts an app's code names (imports from @forage/contracts, possibly renamed). */
function contractsUsedBy(service: ServiceIdentity): Set<string> {
  const used = new Set<string>();
  for (const file of sourceFiles(join('apps', service, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const block of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@forage\/contracts'/g)) {
      for (const part of (block[1] ?? '').split(',')) {
        const name =
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0] ?? '';
        const contract = exported.get(name);
        if (contract) used.add(contract.subject);
      }
    }
  }
  return used;
}

describe('the bus topology behind the NATS permissions', () => {
  it.each(SERVICE_IDENTITIES)('lists every contract %s uses, and none it does not', (service) => {
    const role = busTopology[service];
    const observes: readonly Contract[] = 'observes' in role ? role.observes : [];
    const listed = new Set([...role.serves, ...role.calls, ...role.emits, ...observes].map((c) => c.subject));
    const used = contractsUsedBy(service);
    // the tool recorder and the dead-letter path live in @forage/messaging, not in the app
    const viaMessaging = new Set([contracts.logRecordEvent.subject, contracts.deadLetterEvent.subject]);
    expect([...used].filter((s) => !listed.has(s))).toEqual([]);
    expect([...listed].filter((s) => !used.has(s) && !viaMessaging.has(s))).toEqual([]);
  });

  it('gives no service the right to publish a command it does not call', () => {
    const calls = permissionsFor('processing').publish.allow;
    expect(calls).not.toContain(contracts.executeAction.subject);
    expect(calls).not.toContain(contracts.runStart.subject);
    // the gateway drives agent sessions on their own subject, never a run's
    const gateway = permissionsFor('gateway').publish.allow;
    expect(gateway).toContain(contracts.executeAgentAction.subject);
    expect(gateway).not.toContain(contracts.executeAction.subject);
    expect(
      permissionsFor('gateway').publish.allow.filter((s) => s.startsWith(contracts.logRecordEvent.subject)),
    ).toEqual([]);
  });

  it('lets only tools publish log records', () => {
    const tools = new Set<string>(contracts.toolNameSchema.options);
    for (const service of SERVICE_IDENTITIES) {
      const own = contracts.producerSubjectOf(contracts.logRecordEvent, service);
      const mayPublish = permissionsFor(service).publish.allow.includes(own);
      // never another producer's subject, nor every producer's
      const others = permissionsFor(service).publish.allow.filter(
        (s) => s.startsWith(contracts.logRecordEvent.subject) && s !== own,
      );
      expect(others).toEqual([]);
      expect({ service, mayPublish }).toEqual({ service, mayPublish: tools.has(service) });
    }
  });
});

describe('the deployed NATS authorization (npm run nats:auth-config)', () => {
  it('deploy/nats/auth.conf is the one rendered from the topology', () => {
    expect(readFileSync(join('deploy', 'nats', 'auth.conf'), 'utf8')).toBe(renderDeployAuthorization());
  });

  it('the Kubernetes nats ConfigMap holds the same auth.conf', () => {
    const manifest = readFileSync(join('deploy', 'k8s', 'nats.yaml'), 'utf8');
    expect(withConfigMapAuth(manifest, renderDeployAuthorization())).toBe(manifest);
  });
});
