import { z } from 'zod';
import { ChromiumNotFoundError, findChromium } from '@forage/browser';
import { baseEnvSchema, booleanFlagSchema, parseConfig, portSchema } from '@forage/config';
import { evidenceEnvSchema } from '@forage/evidence';
import { egressEnvSchema } from '@forage/egress';

export const domExtractionConfigSchema = baseEnvSchema
  .extend(evidenceEnvSchema.shape)
  .extend(egressEnvSchema.shape)
  .extend({
    OPS_PORT: portSchema.default(7804),
    /** Chromium binary; autodetected when unset. */
    CHROMIUM_PATH: z
      .string()
      .optional()
      .transform((value, ctx) => {
        try {
          return findChromium(value || undefined);
        } catch (err) {
          if (!(err instanceof ChromiumNotFoundError)) throw err;
          ctx.addIssue({ code: 'custom', message: err.message });
          return z.NEVER;
        }
      }),
    /** Pages rendering at once in this process; further requests wait in a queue. */
    EXTRACT_MAX_PAGES: z.coerce.number().int().min(1).max(64).default(4),
    USER_AGENT: z.string().min(1).max(500).default('Mozilla/5.0 (compatible; ForageBot/0.1)'),

    // browser supervisor
    /** Session contexts unused for this long are closed (cookies and storage go with them). */
    EXTRACT_SESSION_IDLE_MS: z.coerce.number().int().min(1_000).default(600_000),
    /** Open session contexts at most; the least recently used idle one is closed first. */
    EXTRACT_MAX_SESSIONS: z.coerce.number().int().min(1).max(1_000).default(32),
    /** A page is closed after this many loads (its renderer's memory starts afresh)… */
    EXTRACT_PAGE_MAX_USES: z.coerce.number().int().min(1).default(100),
    /** …or after this long unused: an idle replica keeps only its browser. */
    EXTRACT_PAGE_IDLE_MS: z.coerce.number().int().min(500).default(30_000),
    /** A browser is retired (drained, closed, replaced) after loading this many pages. */
    EXTRACT_BROWSER_MAX_PAGES: z.coerce.number().int().min(1).default(500),
    /** …or once its process tree uses more than this much memory (sum of RSS from /proc). */
    EXTRACT_BROWSER_MAX_RSS_MB: z.coerce.number().int().min(1).default(2_048),

    // rendering
    /** After the load event: captured once the DOM, the network and short timers were quiet this long… */
    EXTRACT_SETTLE_QUIET_MS: z.coerce.number().int().min(0).max(10_000).default(100),
    /** …or after this long in any case. */
    EXTRACT_SETTLE_MAX_MS: z.coerce.number().int().min(0).max(30_000).default(2_000),
    /** Full-page screenshots stop this many CSS pixels down (a picture of a longer page costs seconds and megabytes). */
    EXTRACT_SCREENSHOT_MAX_HEIGHT: z.coerce.number().int().min(100).max(100_000).default(16_384),
    /** Elements inspected for JavaScript-only listeners per page, and the time allowed for it. */
    EXTRACT_SCRIPTED_MAX_NODES: z.coerce.number().int().min(0).max(20_000).default(3_000),
    EXTRACT_SCRIPTED_MAX_MS: z.coerce.number().int().min(10).max(10_000).default(500),

    // politeness
    /** Honour robots.txt (RFC 9309); off only for sites you own. */
    ROBOTS_ENABLED: booleanFlagSchema.default(true),
    /** The product token robots.txt groups are matched against (case-insensitive). */
    ROBOTS_USER_AGENT_TOKEN: z
      .string()
      .regex(/^[A-Za-z_-]+$/, 'a product token: letters, "_" and "-" only')
      .default('ForageBot'),
    /** How long a fetched robots.txt is trusted (RFC 9309 asks for at most 24 hours). */
    ROBOTS_CACHE_TTL_MS: z.coerce.number().int().min(0).max(86_400_000).default(86_400_000),
    ROBOTS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    /** Crawl-delay values above this are capped to it. */
    ROBOTS_MAX_CRAWL_DELAY_MS: z.coerce.number().int().min(0).default(30_000),
    /** Pages of one host (host:port) rendering at once in this process. */
    DOMAIN_MAX_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    /** Least time between the starts of two requests to one host. */
    DOMAIN_MIN_DELAY_MS: z.coerce.number().int().min(0).default(500),
    /** Longest back-off a Retry-After (on 429/503) may impose on a host. */
    DOMAIN_MAX_BACKOFF_MS: z.coerce.number().int().min(0).default(300_000),
  });
export type DomExtractionConfig = z.infer<typeof domExtractionConfigSchema>;

export const loadDomExtractionConfig = (env: NodeJS.ProcessEnv = process.env): DomExtractionConfig =>
  parseConfig(domExtractionConfigSchema, env);
