import { join } from 'node:path';
import { createApiKey, readApiKeyFile, writeApiKeyFile } from '@forage/config';
import { ensurePrivateDir } from '../stack/lock.js';

/** Where `forage up` points the gateway (GATEWAY_API_KEYS_FILE) and where `forage keys` writes. */
export function apiKeysFile(dataDir: string): string {
  return join(dataDir, 'api-keys.json');
}

const EX_USAGE = 64;

/**
 * `forage keys create NAME | list | revoke ID`: API keys of the gateway in the data directory.
 * The key is printed once at creation; only its sha256 is stored. A running gateway picks up a
 * change on its next request.
 */
export function keys(input: {
  dataDir: string;
  args: readonly string[];
  out: (line: string) => void;
  err: (line: string) => void;
  now?: Date;
  /** `list` prints `{ keys: [{ id, name, createdAt, revokedAt }] }` (never a hash). */
  json?: boolean;
}): number {
  const [action, ...rest] = input.args;
  const file = apiKeysFile(input.dataDir);
  if (action === 'create') {
    const name = rest.join(' ').trim();
    if (!name) {
      input.err('forage keys create needs a name: forage keys create "ci pipeline"');
      return EX_USAGE;
    }
    ensurePrivateDir(input.dataDir);
    const { token, record } = createApiKey(name, input.now);
    const current = readApiKeyFile(file);
    writeApiKeyFile(file, { keys: [...current.keys, record] });
    input.out(`created key ${record.id} (${name}); it is shown only now:`);
    input.out(token);
    input.out('send it as Authorization: Bearer <key> (or X-Api-Key); FORAGE_API_KEY is read by forage ask');
    return 0;
  }
  if (action === 'list') {
    const { keys: all } = readApiKeyFile(file);
    if (input.json) {
      const listed = all.map((k) => ({
        id: k.id,
        name: k.name,
        createdAt: k.createdAt,
        revokedAt: k.revokedAt ?? null,
      }));
      input.out(JSON.stringify({ keys: listed }));
      return 0;
    }
    if (all.length === 0) {
      input.out('no API keys (forage keys create NAME)');
      return 0;
    }
    for (const k of all) {
      input.out(
        `${k.id}  ${k.revokedAt ? `revoked ${k.revokedAt}` : 'active'.padEnd(32)}  created ${k.createdAt}  ${k.name}`,
      );
    }
    return 0;
  }
  if (action === 'revoke') {
    const id = rest[0];
    const current = readApiKeyFile(file);
    const found = current.keys.find((k) => k.id === id);
    if (!id || !found) {
      input.err(`forage keys revoke: no key ${id ?? '(none given)'}; see forage keys list`);
      return EX_USAGE;
    }
    if (!found.revokedAt) {
      const at = (input.now ?? new Date()).toISOString();
      writeApiKeyFile(file, { keys: current.keys.map((k) => (k.id === id ? { ...k, revokedAt: at } : k)) });
    }
    input.out(`revoked key ${id} (${found.name})`);
    return 0;
  }
  input.err('usage: forage keys create NAME | forage keys list | forage keys revoke ID');
  return EX_USAGE;
}
