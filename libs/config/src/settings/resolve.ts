import { z } from 'zod';
import { valueFromText, type SettingDefinition } from './define.js';
import { SETTINGS, SETTING_KEYS, type ForageSettings, type SettingKey } from './catalog.js';
import { closestName } from './closest-name.js';

/** Where an effective value came from, highest precedence first. */
export type SettingSource = 'flag' | 'env' | 'file' | 'default';

export interface EffectiveSettings {
  readonly values: ForageSettings;
  readonly sources: Readonly<Record<SettingKey, SettingSource>>;
  /** The configuration file that was read, if any. */
  readonly file?: string;
}

export interface SettingsInput {
  /** Flag values as typed, by setting key (repeated flags as a list). */
  readonly flags?: Partial<Record<SettingKey, string | readonly string[]>>;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** forage.config.json, parsed but not yet validated. */
  readonly file?: { readonly path: string; readonly content: unknown };
}

/** One thing wrong with the settings, naming the key and where it was set. */
export interface SettingProblem {
  readonly where: string;
  readonly message: string;
}

export class SettingsError extends Error {
  override readonly name = 'SettingsError';
  constructor(readonly problems: readonly SettingProblem[]) {
    super(`invalid settings:\n${problems.map((p) => `  ${p.where}: ${p.message}`).join('\n')}`);
  }
}

/** FORAGE_* variables that are not settings: read by single commands or set by the stack itself. */
const OTHER_FORAGE_VARIABLES = new Set([
  'FORAGE_URL',
  'FORAGE_EVIDENCE_KEY',
  'FORAGE_SUPERVISED',
  'FORAGE_IMAGE',
]);
/** Keys a JSON file may carry for editors and people. */
const FILE_META_KEYS = new Set(['$schema', '$comment']);

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => (i.path.length > 0 ? `[${i.path.join('.')}] ${i.message}` : i.message))
    .join('; ');
}

function fileValue(definition: SettingDefinition, raw: unknown): unknown {
  // a list or number written as text in the file is read as it would be from a variable
  return typeof raw === 'string' && definition.type !== 'string' && definition.type !== 'url'
    ? valueFromText(definition.type, raw)
    : raw;
}

function unknownKeyProblems(input: SettingsInput, fileName: string): SettingProblem[] {
  const problems: SettingProblem[] = [];
  const envNames = SETTING_KEYS.map((k) => SETTINGS[k].env);
  for (const [name, value] of Object.entries(input.env ?? {})) {
    if (!name.startsWith('FORAGE_') || value === undefined || OTHER_FORAGE_VARIABLES.has(name)) continue;
    if (name.startsWith('FORAGE_TEST_') || envNames.includes(name)) continue;
    const near = closestName(name, envNames);
    problems.push({
      where: name,
      message: `not a Forage setting${near ? ` (did you mean ${near}?)` : ''}; see \`forage config\``,
    });
  }
  const content = input.file?.content;
  if (input.file && (typeof content !== 'object' || content === null || Array.isArray(content))) {
    problems.push({ where: fileName, message: 'expected a JSON object of settings' });
    return problems;
  }
  const fileKeys = SETTING_KEYS.filter((k) => SETTINGS[k].inFile);
  for (const key of Object.keys(content ?? {})) {
    if (FILE_META_KEYS.has(key) || (fileKeys as string[]).includes(key)) continue;
    const near = closestName(key, fileKeys);
    const notHere = (SETTING_KEYS as string[]).includes(key)
      ? 'cannot be set in the file (use its flag or variable)'
      : `unknown key${near ? ` (did you mean "${near}"?)` : ''}`;
    problems.push({ where: `${fileName} "${key}"`, message: notHere });
  }
  return problems;
}

/**
 * The effective settings: each key from its flag, else its `FORAGE_*` variable, else the file,
 * else its default. Every given value is validated, overridden ones included, and unknown
 * variables and file keys are refused, so a typo stops `forage up` instead of being ignored.
 */
export function resolveSettings(input: SettingsInput): EffectiveSettings {
  const fileName = input.file?.path ?? 'forage.config.json';
  const problems = unknownKeyProblems(input, fileName);
  const fileContent = (
    typeof input.file?.content === 'object' && input.file.content !== null ? input.file.content : {}
  ) as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  const sources: Record<string, SettingSource> = {};
  for (const key of SETTING_KEYS) {
    const definition: SettingDefinition = SETTINGS[key];
    const flag = input.flags?.[key];
    const envText = input.env?.[definition.env];
    const candidates: { source: SettingSource; where: string; raw: unknown }[] = [];
    if (flag !== undefined && (typeof flag === 'string' || flag.length > 0)) {
      candidates.push({
        source: 'flag',
        where: `--${definition.flag ?? key}`,
        raw: valueFromText(definition.type, flag),
      });
    }
    if (envText !== undefined && envText !== '') {
      candidates.push({ source: 'env', where: definition.env, raw: valueFromText(definition.type, envText) });
    }
    if (definition.inFile && fileContent[key] !== undefined) {
      candidates.push({
        source: 'file',
        where: `${fileName} "${key}"`,
        raw: fileValue(definition, fileContent[key]),
      });
    }
    let chosen: { source: SettingSource; value: unknown } | undefined;
    for (const candidate of candidates) {
      const parsed = definition.schema.safeParse(candidate.raw);
      if (!parsed.success) problems.push({ where: candidate.where, message: describeIssues(parsed.error) });
      else chosen ??= { source: candidate.source, value: parsed.data };
    }
    values[key] = chosen ? chosen.value : definition.schema.parse(undefined);
    sources[key] = chosen?.source ?? 'default';
  }
  const settings = values as ForageSettings;
  if (settings.llmBaseUrl !== undefined && settings.llmModel === undefined) {
    problems.push({ where: SETTINGS.llmModel.env, message: 'required when llmBaseUrl is set' });
  }
  if (problems.length > 0) throw new SettingsError(problems);
  return {
    values: settings,
    sources: sources as Record<SettingKey, SettingSource>,
    ...(input.file ? { file: input.file.path } : {}),
  };
}
