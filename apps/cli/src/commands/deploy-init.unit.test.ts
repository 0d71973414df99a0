import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { apiKeyFileSchema, verifyApiKey } from '@forage/config';
import { VerdictSigner, VerdictVerifier } from '@forage/evidence';
import { NATS_IDENTITIES, passwordVariableOf } from '@forage/messaging/stack';
import { tempDir } from '@forage/testing';
import { deployInit, EX_CANTCREAT, K8S_SECRETS_FILE, type DeployInitInput } from './deploy-init.js';

function init(dir: string, over: Partial<DeployInitInput> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = deployInit({
    positionals: ['init'],
    dir,
    k8s: false,
    localImages: false,
    hosts: [],
    force: false,
    write: (l) => out.push(l),
    warn: (l) => err.push(l),
    ...over,
  });
  return { code, out, err };
}

const modeOf = (path: string): number => statSync(path).mode & 0o777;

describe('forage deploy init', () => {
  it('writes .env (0600) and one secret file per secret, and prints a key the gateway file accepts', () => {
    const dir = tempDir('forage-deploy-');
    try {
      const { code, out } = init(dir.path, { hosts: ['forage.example.org'], localImages: true });
      expect(code).toBe(0);
      const env = readFileSync(join(dir.path, '.env'), 'utf8');
      expect(modeOf(join(dir.path, '.env'))).toBe(0o600);
      expect(modeOf(join(dir.path, 'secrets'))).toBe(0o700);
      expect(env).toMatch(/^FORAGE_PUBLIC_HOSTS=forage\.example\.org$/m);
      expect(env).toMatch(/^COMPOSE_FILE=docker-compose\.yml:deploy\/images\/compose\.yml$/m);
      for (const id of NATS_IDENTITIES) {
        const inEnv = new RegExp(`^${passwordVariableOf(id)}=(n[0-9a-f]{48})$`, 'm').exec(env)?.[1];
        const inFile = readFileSync(join(dir.path, 'secrets', `nats-${id}.password`), 'utf8').trim();
        expect(inEnv).toBe(inFile);
      }
      expect(readFileSync(join(dir.path, 'secrets', 'evidence-key'), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
      const pg = readFileSync(join(dir.path, 'secrets', 'postgres-password'), 'utf8').trim();
      expect(readFileSync(join(dir.path, 'secrets', 'database-url'), 'utf8').trim()).toBe(
        `postgres://forage:${pg}@postgres:5432/forage`,
      );
      const keys = apiKeyFileSchema.parse(
        JSON.parse(readFileSync(join(dir.path, 'secrets', 'api-keys.json'), 'utf8')),
      );
      const token = out.find((l) => l.startsWith('fk_')) ?? '';
      expect(verifyApiKey(token, keys.keys)).toBeDefined();
      // the verdict pair: what the verifier signs with, the gateway and logging check with
      const signing = readFileSync(join(dir.path, 'secrets', 'verdict-signing-key'), 'utf8').trim();
      const publicKey = readFileSync(join(dir.path, 'secrets', 'verdict-public-key'), 'utf8').trim();
      const verdict = { runId: 'r', releasable: true };
      expect(new VerdictVerifier(publicKey).problem(verdict, new VerdictSigner(signing).sign(verdict))).toBe(
        undefined,
      );
    } finally {
      dir.remove();
    }
  });

  it('refuses to replace existing secrets without --force (the volumes were made with them)', () => {
    const dir = tempDir('forage-deploy-');
    try {
      expect(init(dir.path).code).toBe(0);
      const before = readFileSync(join(dir.path, 'secrets', 'evidence-key'), 'utf8');
      const again = init(dir.path);
      expect(again.code).toBe(EX_CANTCREAT);
      expect(again.err.join('\n')).toContain('.env');
      expect(readFileSync(join(dir.path, 'secrets', 'evidence-key'), 'utf8')).toBe(before);
      expect(init(dir.path, { force: true }).code).toBe(0);
      expect(readFileSync(join(dir.path, 'secrets', 'evidence-key'), 'utf8')).not.toBe(before);
    } finally {
      dir.remove();
    }
  });

  it('--k8s writes one manifest (0600) of the Secrets deploy/k8s mounts', () => {
    const dir = tempDir('forage-deploy-');
    try {
      expect(init(dir.path, { k8s: true }).code).toBe(0);
      const path = join(dir.path, K8S_SECRETS_FILE);
      expect(modeOf(path)).toBe(0o600);
      const docs = parseAllDocuments(readFileSync(path, 'utf8')).map(
        (d) => d.toJS() as { kind: string; metadata: { name: string }; stringData: Record<string, string> },
      );
      expect(docs.map((d) => [d.kind, d.metadata.name])).toEqual([
        ['Secret', 'forage-nats'],
        ['Secret', 'forage-evidence'],
        ['Secret', 'forage-api-keys'],
        ['Secret', 'forage-verdict'],
        ['Secret', 'forage-verdict-signing'],
      ]);
      expect(Object.keys(docs[0]?.stringData ?? {}).sort()).toEqual(
        NATS_IDENTITIES.map(passwordVariableOf).sort(),
      );
      expect(docs[1]?.stringData['FORAGE_EVIDENCE_KEY']).toMatch(/^[0-9a-f]{64}$/);
      // the signing key in a Secret of its own (only the verifier mounts it), the public key apart
      expect(Object.keys(docs[3]?.stringData ?? {})).toEqual(['VERDICT_PUBLIC_KEY']);
      expect(Object.keys(docs[4]?.stringData ?? {})).toEqual(['VERIFIER_SIGNING_KEY']);
      const signing = docs[4]?.stringData['VERIFIER_SIGNING_KEY'] ?? '';
      const publicKey = docs[3]?.stringData['VERDICT_PUBLIC_KEY'] ?? '';
      const verdict = { runId: 'r' };
      expect(new VerdictVerifier(publicKey).problem(verdict, new VerdictSigner(signing).sign(verdict))).toBe(
        undefined,
      );
    } finally {
      dir.remove();
    }
  });
});
