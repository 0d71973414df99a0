import { readFileSync } from 'node:fs';
import { readApiKeyFile, verifyApiKey } from '@forage/config';
import { tempDir } from '@forage/testing';
import { apiKeysFile, keys } from './keys.js';

describe('forage keys', () => {
  const dir = tempDir('forage-keys-cli-');
  afterAll(() => {
    dir.remove();
  });

  function run(args: string[], json = false): { code: number; out: string[]; err: string[] } {
    const out: string[] = [];
    const err: string[] = [];
    const code = keys({ dataDir: dir.path, args, json, out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err };
  }

  it('creates a key shown once, stores only its hash, lists it and revokes it', () => {
    const created = run(['create', 'ci', 'pipeline']);
    expect(created.code).toBe(0);
    const token = created.out[1] ?? '';
    expect(token).toMatch(/^fk_/);
    expect(readFileSync(apiKeysFile(dir.path), 'utf8')).not.toContain(token);
    const [record] = readApiKeyFile(apiKeysFile(dir.path)).keys;
    expect(record && verifyApiKey(token, [record])).toMatchObject({ name: 'ci pipeline' });

    const listed = run(['list']);
    expect(listed.out.join('\n')).toMatch(new RegExp(`${record?.id ?? 'x'}\\s+active.*ci pipeline`));

    expect(run(['revoke', record?.id ?? '']).code).toBe(0);
    expect(verifyApiKey(token, readApiKeyFile(apiKeysFile(dir.path)).keys)).toBeUndefined();
    expect(run(['list']).out.join('\n')).toContain('revoked');

    const json = run(['list'], true);
    expect(json.out).toHaveLength(1);
    const parsed = JSON.parse(json.out[0] ?? '') as { keys: Record<string, unknown>[] };
    expect(parsed.keys).toEqual([
      {
        id: record?.id,
        name: 'ci pipeline',
        createdAt: record?.createdAt,
        revokedAt: readApiKeyFile(apiKeysFile(dir.path)).keys[0]?.revokedAt,
      },
    ]);
    expect(json.out[0]).not.toContain(record?.sha256 ?? 'no-hash-field');
  });

  it('answers usage errors with 64', () => {
    expect(run(['create']).code).toBe(64);
    expect(run(['revoke', 'nosuchkey0']).code).toBe(64);
    expect(run(['rotate']).code).toBe(64);
  });
});
