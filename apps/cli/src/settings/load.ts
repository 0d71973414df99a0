import { resolve } from 'node:path';
import {
  resolveSettings,
  SETTINGS,
  SETTING_KEYS,
  type EffectiveSettings,
  type SettingKey,
} from '@forage/config';
import { readConfigFile } from './config-file.js';

/** The setting flags among parsed values, by setting key. */
export function settingFlags(
  values: Record<string, unknown>,
): Partial<Record<SettingKey, string | readonly string[]>> {
  const flags: Partial<Record<SettingKey, string | readonly string[]>> = {};
  for (const key of SETTING_KEYS) {
    const flag = SETTINGS[key].flag;
    const value = flag === undefined ? undefined : values[flag];
    if (typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'))) {
      flags[key] = value;
    }
  }
  return flags;
}

/**
 * The user's effective settings: flags, then FORAGE_* variables, then forage.config.json in the
 * data directory (which the flags and variables choose first), then defaults.
 */
export function loadSettings(input: {
  flags: Partial<Record<SettingKey, string | readonly string[]>>;
  env: Readonly<Record<string, string | undefined>>;
}): EffectiveSettings & { dataDir: string } {
  const first = resolveSettings({
    flags: { dataDir: input.flags.dataDir ?? [] },
    env: pick(input.env, 'FORAGE_HOME'),
  });
  const dataDir = resolve(first.values.dataDir);
  const file = readConfigFile(dataDir);
  const effective = resolveSettings({ flags: input.flags, env: input.env, ...(file ? { file } : {}) });
  return { ...effective, dataDir };
}

function pick(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
): Record<string, string | undefined> {
  return { [name]: env[name] };
}
