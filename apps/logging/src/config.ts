import { z } from 'zod';
import { baseEnvSchema, parseConfig, portSchema } from '@forage/config';

export const MEMORY_DATA_DIR = 'memory://';

export const loggingConfigSchema = baseEnvSchema.extend({
  OPS_PORT: portSchema.default(7808),
  /** PGlite data directory; `memory://` keeps the database in memory (tests only). */
  LOGGING_DATA_DIR: z.string().min(1).default('.forage/data/logging'),
  /** Rows read per page when the chain is re-verified. */
  LOGGING_AUDIT_PAGE_SIZE: z.coerce.number().int().min(10).max(100_000).default(2_000),
  // The PostgreSQL server path needs a client package (`pg`) the project does not ship yet;
  // refuse the variable rather than silently writing somewhere else.
  DATABASE_URL: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || v === '',
      'a PostgreSQL server is not supported yet (no PostgreSQL client is installed); unset DATABASE_URL to use the embedded database in LOGGING_DATA_DIR',
    ),
});
export type LoggingConfig = z.infer<typeof loggingConfigSchema>;

export const loadLoggingConfig = (env: NodeJS.ProcessEnv = process.env): LoggingConfig =>
  parseConfig(loggingConfigSchema, env);
