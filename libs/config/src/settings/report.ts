import { valueToText } from './define.js';
import { SETTINGS, SETTING_KEYS, type SettingKey } from './catalog.js';
import type { EffectiveSettings, SettingSource } from './resolve.js';

/** What `forage config` shows of one setting; a secret's value never leaves masked. */
export interface SettingReport {
  readonly key: SettingKey;
  readonly env: string;
  readonly flag?: string;
  /** The effective value; a set secret is replaced by MASK, an unset one is null. */
  readonly value: unknown;
  readonly source: SettingSource;
  readonly secret: boolean;
  readonly description: string;
}

export const MASK = '********';

export function reportSettings(effective: EffectiveSettings): SettingReport[] {
  return SETTING_KEYS.map((key) => {
    const definition = SETTINGS[key];
    const raw: unknown = effective.values[key];
    const value = raw === undefined ? null : definition.secret ? MASK : raw;
    return {
      key,
      env: definition.env,
      ...(definition.flag ? { flag: `--${definition.flag}` } : {}),
      value,
      source: effective.sources[key],
      secret: definition.secret,
      description: definition.description,
    };
  });
}

/** The report as aligned text: key, value, where it came from, its variable. */
export function formatSettingsReport(rows: readonly SettingReport[]): string {
  const shown = rows.map((r) => ({
    key: r.key,
    value: r.value === null ? '(unset)' : (valueToText(r.value) ?? '') || '(empty)',
    source: r.source,
    env: r.env,
  }));
  const width = (pick: (r: (typeof shown)[number]) => string, title: string): number =>
    Math.max(title.length, ...shown.map((r) => pick(r).length));
  const wKey = width((r) => r.key, 'setting');
  const wValue = Math.min(
    60,
    width((r) => r.value, 'value'),
  );
  const wSource = width((r) => r.source, 'from');
  const line = (a: string, b: string, c: string, d: string): string =>
    `${a.padEnd(wKey)}  ${b.padEnd(wValue)}  ${c.padEnd(wSource)}  ${d}`.trimEnd();
  return [
    line('setting', 'value', 'from', 'variable'),
    ...shown.map((r) => line(r.key, r.value, r.source, r.env)),
  ].join('\n');
}
