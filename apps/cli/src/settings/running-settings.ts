import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SettingReport } from '@forage/config';

const FILE = 'settings.running.json';

/** What the running stack was started with (secrets already masked), for `forage config`. */
export function writeRunningSettings(dataDir: string, rows: readonly SettingReport[]): void {
  writeFileSync(join(dataDir, FILE), `${JSON.stringify(rows, null, 2)}\n`, { mode: 0o600 });
}

export function readRunningSettings(dataDir: string): SettingReport[] | undefined {
  const path = join(dataDir, FILE);
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as SettingReport[];
  } catch {
    return undefined;
  }
}

export function removeRunningSettings(dataDir: string): void {
  rmSync(join(dataDir, FILE), { force: true });
}
