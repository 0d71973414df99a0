import { valueToText } from './define.js';
import { SETTINGS, SETTING_KEYS, type ForageSettings } from './catalog.js';

/**
 * The variables one service gets from the user's settings: each setting that targets the service
 * (or every service) and has a value. Unset optional settings leave the service's own default.
 */
export function serviceVariables(values: ForageSettings, service: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of SETTING_KEYS) {
    const value: unknown = values[key];
    const text = valueToText(value);
    if (text === undefined) continue;
    for (const target of SETTINGS[key].targets) {
      if (target.service !== '*' && target.service !== service) continue;
      env[target.variable] =
        target.scale !== undefined && typeof value === 'number' ? String(value * target.scale) : text;
    }
  }
  return env;
}
