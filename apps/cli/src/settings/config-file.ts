import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SettingsError } from '@forage/config';

export const CONFIG_FILE = 'forage.config.json';

/** What a new forage.config.json holds: no values, so every default stays visible in `forage config`. */
const STARTER = {
  $comment:
    'Forage settings. Add keys from the README settings table (e.g. "allow": ["http://127.0.0.1:8080"]); flags and FORAGE_* variables override them. `forage config` shows what is in effect.',
};

/** The file's parsed JSON, or undefined when there is none; malformed JSON is a SettingsError naming the file. */
export function readConfigFile(dataDir: string): { path: string; content: unknown } | undefined {
  const path = join(dataDir, CONFIG_FILE);
  if (!existsSync(path)) return undefined;
  try {
    return { path, content: JSON.parse(readFileSync(path, 'utf8')) as unknown };
  } catch (err) {
    throw new SettingsError([
      { where: path, message: `not valid JSON (${err instanceof Error ? err.message : String(err)})` },
    ]);
  }
}

/** Creates forage.config.json (owner-only) on first `forage up`; an existing file is left alone. */
export function ensureConfigFile(dataDir: string): string {
  const path = join(dataDir, CONFIG_FILE);
  if (!existsSync(path)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(path, `${JSON.stringify(STARTER, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  }
  return path;
}
