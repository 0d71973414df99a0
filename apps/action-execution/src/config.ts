import { z } from 'zod';
import { baseEnvSchema, booleanFlagSchema, parseConfig, portSchema } from '@forage/config';
import { evidenceEnvSchema } from '@forage/evidence';
import { egressEnvSchema } from '@forage/egress';

export const actionExecutionConfigSchema = baseEnvSchema
  .extend(evidenceEnvSchema.shape)
  .extend(egressEnvSchema.shape)
  .extend({
    OPS_PORT: portSchema.default(7807),
    /** A session (browser context + page) unused this long is closed. */
    ACTION_SESSION_IDLE_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(600_000),
    /** Sessions open at once; a new session beyond this waits for a run to end or a session to expire. */
    ACTION_MAX_SESSIONS: z.coerce.number().int().min(1).max(1_000).default(32),
    /** How long a new session waits for a free slot before the action is refused (`unavailable`). */
    ACTION_SESSION_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
    /** Actions running at once across sessions (one at a time within a session). */
    ACTION_MAX_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    /** How long an idempotency key is remembered (the KV bucket TTL). */
    ACTION_IDEMPOTENCY_TTL_MS: z.coerce
      .number()
      .int()
      .min(60_000)
      .max(30 * 86_400_000)
      .default(86_400_000),
    /** JSON file mapping secret handle → value; values never leave this service. */
    ACTION_SECRETS_FILE: z.string().min(1).optional(),
    /** Sent by the browser and when fetching robots.txt. */
    USER_AGENT: z.string().min(1).max(500).default('Mozilla/5.0 (compatible; ForageBot/0.1)'),
    /** Honour robots.txt (RFC 9309) for GET navigations (goto, links); off only for sites you own. */
    ROBOTS_ENABLED: booleanFlagSchema.default(true),
    /** The product token robots.txt groups are matched against (case-insensitive). */
    ROBOTS_USER_AGENT_TOKEN: z
      .string()
      .regex(/^[A-Za-z_-]+$/, 'a product token: letters, "_" and "-" only')
      .default('ForageBot'),
    ROBOTS_CACHE_TTL_MS: z.coerce.number().int().min(0).max(86_400_000).default(86_400_000),
    ROBOTS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    /** Crawl-delay values above this are capped to it. */
    ROBOTS_MAX_CRAWL_DELAY_MS: z.coerce.number().int().min(0).default(30_000),
    /** Least time between the starts of two navigations to one host (or its Crawl-delay, if longer). */
    DOMAIN_MIN_DELAY_MS: z.coerce.number().int().min(0).default(500),
    /** Navigations to one host (host:port) in flight at once across all sessions; more wait their turn. */
    DOMAIN_MAX_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    /** A browser is retired (closed once its last session ends) after this many sessions… */
    ACTION_BROWSER_MAX_SESSIONS: z.coerce.number().int().min(1).default(200),
    /** …or once its process tree uses more than this much memory (PSS, sampled every 5 s). */
    ACTION_BROWSER_MAX_RSS_MB: z.coerce.number().int().min(1).default(1_536),
    /** A browser without sessions for this long is closed (the next session launches one). */
    ACTION_BROWSER_IDLE_MS: z.coerce.number().int().min(1_000).default(300_000),
    /** Chromium binary; defaults to the first of the Debian paths that exists. */
    CHROMIUM_PATH: z.string().min(1).optional(),
  });
export type ActionExecutionConfig = z.infer<typeof actionExecutionConfigSchema>;

export const loadActionExecutionConfig = (env: NodeJS.ProcessEnv = process.env): ActionExecutionConfig =>
  parseConfig(actionExecutionConfigSchema, env);
