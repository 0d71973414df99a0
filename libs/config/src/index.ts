/** @forage/config: one Zod schema over the environment per service, parsed once at boot. */
import { z } from 'zod';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Parses `env` with `schema`; a bad value throws a ConfigError naming each variable at fault,
 * so a service stops at boot with a message an operator can act on.
 */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
}

/** Environment variables every service reads. */
export const baseEnvSchema = z.object({
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
  OPS_HOST: z.string().default('127.0.0.1'),
  /** Copies of every stream, KV and object bucket in a NATS cluster (1 on a single server). */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
});

/** A TCP port from the environment; 0 picks a free one. */
export const portSchema = z.coerce.number().int().min(0).max(65535);

/** "true"/"false"/"1"/"0" from the environment. */
export const booleanFlagSchema = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

export * from './settings/index.js';
export * from './api-keys.js';
export * from './node-flags.js';
