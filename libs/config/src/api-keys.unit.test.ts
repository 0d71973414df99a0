import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createApiKey, readApiKeyFile, verifyApiKey, writeApiKeyFile } from './api-keys.js';

describe('API keys', () => {
  it('verifies the token it created, and nothing else', () => {
    const { token, record } = createApiKey('ci');
    expect(token).toMatch(/^fk_[a-z0-9]{10}_[A-Za-z0-9_-]{43}$/);
    expect(verifyApiKey(token, [record])).toEqual(record);
    const other = createApiKey('other');
    expect(verifyApiKey(other.token, [record])).toBeUndefined();
    // same id, different secret
    expect(verifyApiKey(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, [record])).toBeUndefined();
    expect(verifyApiKey('not a key', [record])).toBeUndefined();
  });

  it('refuses a revoked key', () => {
    const { token, record } = createApiKey('old');
    expect(verifyApiKey(token, [{ ...record, revokedAt: new Date().toISOString() }])).toBeUndefined();
  });

  it('stores only the hash, owner-only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'forage-keys-'));
    try {
      const path = join(dir, 'api-keys.json');
      const { token, record } = createApiKey('ci');
      writeApiKeyFile(path, { keys: [record] });
      expect(readFileSync(path, 'utf8')).not.toContain(token.slice('fk_'.length + record.id.length + 1)); // the secret may hold '_'
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(readApiKeyFile(path).keys).toEqual([record]);
      expect(readApiKeyFile(join(dir, 'none.json'))).toEqual({ keys: [] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
