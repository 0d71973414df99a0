import type { z } from 'zod';

/** How a setting's value is written in the README's type column and read from text (env, flags). */
export type SettingType = 'string' | 'integer' | 'number' | 'url' | 'path' | 'list' | 'origins' | 'enum';

/** One service variable a setting is copied into when `forage up` starts the services. */
export interface ServiceTarget {
  /** A service name, or `*` for every service. */
  readonly service: string;
  readonly variable: string;
  /** Multiplies a number on the way (a setting in seconds for a variable in ms). */
  readonly scale?: number;
}

/**
 * One user-facing setting, declared once: its name in forage.config.json (`key`), its
 * `FORAGE_*` variable, its `forage up` flag, its value schema, default, description, whether it
 * is a secret, and the service variables it becomes.
 */
export interface SettingDefinition<S extends z.ZodType = z.ZodType> {
  readonly key: string;
  readonly env: string;
  /** Long flag of `forage up` (without `--`); repeatable for lists. */
  readonly flag?: string;
  readonly type: SettingType;
  /** Parses the value (from JSON, or from text after `fromText`); `.default()` gives the default. */
  readonly schema: S;
  readonly description: string;
  readonly secret: boolean;
  /** False when the setting decides where forage.config.json is, so the file cannot hold it. */
  readonly inFile: boolean;
  readonly targets: readonly ServiceTarget[];
}

export function defineSetting<S extends z.ZodType>(
  definition: Omit<SettingDefinition<S>, 'secret' | 'inFile' | 'targets'> &
    Partial<Pick<SettingDefinition<S>, 'secret' | 'inFile' | 'targets'>>,
): SettingDefinition<S> {
  return { secret: false, inFile: true, targets: [], ...definition };
}

/** Text (an environment variable, a flag) as the value its type's schema expects. */
export function valueFromText(type: SettingType, text: string | readonly string[]): unknown {
  const parts = typeof text === 'string' ? [text] : text;
  if (type === 'list' || type === 'origins') {
    return parts
      .flatMap((p) => p.split(','))
      .map((p) => p.trim())
      .filter(Boolean);
  }
  const last = parts[parts.length - 1] ?? '';
  if (type === 'integer' || type === 'number') return last.trim() === '' ? Number.NaN : Number(last);
  return last;
}

/** A value as the text a service variable holds. */
export function valueToText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map(String).join(',');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value);
}
