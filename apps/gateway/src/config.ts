import { z } from 'zod';
import { baseEnvSchema, booleanFlagSchema, parseConfig, portSchema } from '@forage/config';
import { evidenceEnvSchema, verdictPublicKeySchema } from '@forage/evidence';

const listSchema = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

export const gatewayConfigSchema = baseEnvSchema.extend({
  OPS_PORT: portSchema.default(7801),
  GATEWAY_HOST: z.string().default('127.0.0.1'),
  GATEWAY_PORT: portSchema.default(7700),
  GATEWAY_MAX_RUNS: z.coerce.number().int().min(10).max(1_000_000).default(10_000),
  GATEWAY_DEFAULT_MAX_PAGES: z.coerce.number().int().min(1).max(20).default(3),
  /** Extra host names (comma-separated) the gateway answers to; loopback names and GATEWAY_HOST always. */
  GATEWAY_ALLOWED_HOSTS: listSchema,
  /** Other origins allowed to POST (a separate web front end); none by default (CORS stays off). */
  GATEWAY_ALLOWED_ORIGINS: listSchema,
  GATEWAY_BODY_LIMIT_BYTES: z.coerce.number().int().min(1_024).max(1_048_576).default(16_384),
  /** Every request, per client: sustained rate and burst. */
  GATEWAY_REQUESTS_PER_MINUTE: z.coerce.number().positive().default(600),
  GATEWAY_REQUESTS_BURST: z.coerce.number().int().min(1).default(120),
  /** Starting runs, per client: sustained rate and burst. */
  GATEWAY_RUNS_PER_MINUTE: z.coerce.number().positive().default(30),
  GATEWAY_RUNS_BURST: z.coerce.number().int().min(1).default(10),
  /** Behind one reverse proxy: take the client address from the last X-Forwarded-For entry. */
  GATEWAY_TRUST_PROXY: booleanFlagSchema.default(false),
  /** The API key file written by `forage keys` (hashes only). */
  GATEWAY_API_KEYS_FILE: z.string().optional(),
  /** `auto`: keys are required for /v1/* unless the gateway listens on a loopback address only. */
  GATEWAY_REQUIRE_API_KEY: z.enum(['auto', 'true', 'false']).default('auto'),
  /** An event stream is closed after this long even if its run never completes. */
  GATEWAY_EVENTS_MAX_MS: z.coerce.number().int().min(1_000).default(900_000),
  /** Browser sessions agents drive (`/v1/sessions`, MCP `open`): open at once, all keys together… */
  GATEWAY_MAX_SESSIONS: z.coerce.number().int().min(1).max(1_000).default(16),
  /** …and per API key. */
  GATEWAY_SESSIONS_PER_KEY: z.coerce.number().int().min(1).max(1_000).default(4),
  /** A session unused this long is closed (keep it below action-execution's ACTION_SESSION_IDLE_MS). */
  GATEWAY_SESSION_IDLE_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(300_000),
  /** Site crawls (`/v1/crawls`) running at once on this gateway, all keys together… */
  GATEWAY_MAX_CRAWLS: z.coerce.number().int().min(1).max(1_000).default(8),
  /** …and per API key (beyond it: 429 limit_reached). */
  GATEWAY_CRAWLS_PER_KEY: z.coerce.number().int().min(1).max(1_000).default(2),
  /** Pages one crawl visits at most (a crawl asking for more gets this many). */
  GATEWAY_CRAWL_MAX_PAGES: z.coerce.number().int().min(1).max(100_000).default(1_000),
  /** Pages one crawl asks dom-extraction for at once (its per-host politeness still applies). */
  GATEWAY_CRAWL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** A crawl whose gateway has not renewed its lease this long is resumed by another (or the restarted one). */
  GATEWAY_CRAWL_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(15_000),
  /** The evidence store's key (shared by every service); without it `GET /v1/evidence/:sha256` answers 503. */
  FORAGE_EVIDENCE_KEY: evidenceEnvSchema.shape.FORAGE_EVIDENCE_KEY.optional(),
  EVIDENCE_RETENTION_DAYS: evidenceEnvSchema.shape.EVIDENCE_RETENTION_DAYS,
  /**
   * The verifier's public key: with it, "verified" is shown only for a verdict whose signature
   * checks (`forage up` always sets it); without it, any verdict the verifier's identity recorded.
   */
  VERDICT_PUBLIC_KEY: verdictPublicKeySchema,
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

const LOOPBACK = ['127.0.0.1', '::1', 'localhost'];

/** Whether /v1/* needs an API key: always, never, or (auto) unless the listen address is loopback. */
export function apiKeysRequired(config: GatewayConfig): boolean {
  if (config.GATEWAY_REQUIRE_API_KEY !== 'auto') return config.GATEWAY_REQUIRE_API_KEY === 'true';
  return !LOOPBACK.includes(config.GATEWAY_HOST);
}

export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env): GatewayConfig =>
  parseConfig(gatewayConfigSchema, env);
