import { z } from 'zod';
import { baseEnvSchema, parseConfig, portSchema } from '@forage/config';
import { verdictPublicKeySchema } from '@forage/evidence';

export const MEMORY_DATA_DIR = 'memory://';

/** `postgres://` or `postgresql://`, as `pg` (libpq) accepts them, including `postgresql:///db?host=/socket/dir`. */
function isPostgresUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'postgres:' || protocol === 'postgresql:';
  } catch {
    return false;
  }
}

export const loggingConfigSchema = baseEnvSchema.extend({
  OPS_PORT: portSchema.default(7808),
  /** PGlite data directory; `memory://` keeps the database in memory (tests only). Unused with DATABASE_URL. */
  LOGGING_DATA_DIR: z.string().min(1).default('.forage/data/logging'),
  /** Rows read per page when the chain is re-verified. */
  LOGGING_AUDIT_PAGE_SIZE: z.coerce.number().int().min(10).max(100_000).default(2_000),
  /** The verifier's public key: `forage audit verify` then reports every unsigned or mis-signed verdict. */
  VERDICT_PUBLIC_KEY: verdictPublicKeySchema,
  /**
   * Rows one incremental chain check verifies before a query is answered; a longer backlog (a
   * first start on a large table) is verified in the background.
   */
  LOGGING_AUDIT_ROWS_PER_CHECK: z.coerce.number().int().min(10).max(10_000_000).default(5_000),
  /** How often the chain is checked without a query (forage_log_chain_broken on /metrics); 0 turns it off. */
  LOGGING_CHAIN_CHECK_MS: z.coerce.number().int().min(0).default(60_000),
  /** Evidence older than this is deleted by the retention sweeper, which records a tombstone. */
  EVIDENCE_RETENTION_DAYS: z.coerce.number().min(1).max(3650).default(7),
  /** How often the retention sweeper runs; 0 turns it off. */
  LOGGING_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 86_400_000)
    .default(3_600_000),
  /**
   * A PostgreSQL server shared by every logging replica; unset (or empty) keeps the embedded
   * PGlite database in LOGGING_DATA_DIR. The message never echoes the value: it may hold a password.
   */
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .refine(isPostgresUrl, 'must be a PostgreSQL URL: postgres://user:password@host:port/database')
      .optional(),
  ),
});
export type LoggingConfig = z.infer<typeof loggingConfigSchema>;

export const loadLoggingConfig = (env: NodeJS.ProcessEnv = process.env): LoggingConfig =>
  parseConfig(loggingConfigSchema, env);
