/**
 * The Secrets deploy/k8s reads, as one manifest `forage deploy init --k8s` writes (apply it before
 * `kubectl apply -k deploy/k8s`): forage-nats (one password per identity; nats-server reads them
 * all from its environment, each service mounts only its own as a file), forage-evidence,
 * forage-api-keys, forage-verdict (the verifier's public key) and forage-verdict-signing (its private
 * key, for the verifier alone), all mounted as files.
 */
import { passwordVariableOf } from '@forage/messaging/stack';
import type { DeploymentSecrets } from './secrets.js';

export const K8S_NAMESPACE = 'forage';

/** Secret names and keys, as the manifests in deploy/k8s mount them. */
export const K8S_SECRETS = {
  nats: 'forage-nats',
  evidence: { name: 'forage-evidence', key: 'FORAGE_EVIDENCE_KEY' },
  apiKeys: { name: 'forage-api-keys', key: 'api-keys.json' },
  /** Mounted by the gateway and logging. */
  verdictPublicKey: { name: 'forage-verdict', key: 'VERDICT_PUBLIC_KEY' },
  /** Mounted by the verifier alone (a Secret of its own, so access to it can be granted apart). */
  verdictSigningKey: { name: 'forage-verdict-signing', key: 'VERIFIER_SIGNING_KEY' },
} as const;

function secretDoc(name: string, data: Readonly<Record<string, string>>): string {
  // every value JSON-quoted: a JSON string is a YAML string, whatever characters it holds
  const entries = Object.entries(data).map(([k, v]) => `  ${k}: ${JSON.stringify(v)}`);
  return [
    'apiVersion: v1',
    'kind: Secret',
    'metadata:',
    `  name: ${name}`,
    `  namespace: ${K8S_NAMESPACE}`,
    '  labels:',
    '    app.kubernetes.io/part-of: forage',
    'type: Opaque',
    'stringData:',
    ...entries,
  ].join('\n');
}

export function k8sSecretManifest(secrets: DeploymentSecrets, now: Date): string {
  const nats = Object.fromEntries([...secrets.natsPasswords].map(([id, p]) => [passwordVariableOf(id), p]));
  const docs = [
    [
      `# Written by \`forage deploy init --k8s\` on ${now.toISOString()}. Never commit it. Keep the evidence`,
      '# key for as long as evidence is kept: evidence written with another key cannot be read back.',
      '#   kubectl apply -f deploy/k8s/namespace.yaml -f <this file> && kubectl apply -k deploy/k8s',
      secretDoc(K8S_SECRETS.nats, nats),
    ].join('\n'),
    secretDoc(K8S_SECRETS.evidence.name, { [K8S_SECRETS.evidence.key]: secrets.evidenceKey }),
    secretDoc(K8S_SECRETS.apiKeys.name, {
      [K8S_SECRETS.apiKeys.key]: JSON.stringify({ keys: [secrets.apiKey.record] }),
    }),
    secretDoc(K8S_SECRETS.verdictPublicKey.name, {
      [K8S_SECRETS.verdictPublicKey.key]: secrets.verdictKeys.publicKey,
    }),
    secretDoc(K8S_SECRETS.verdictSigningKey.name, {
      [K8S_SECRETS.verdictSigningKey.key]: secrets.verdictKeys.privateKey,
    }),
  ];
  return `${docs.join('\n---\n')}\n`;
}
