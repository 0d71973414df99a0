import { existsSync } from 'node:fs';
import { z } from 'zod';
import { baseEnvSchema, parseConfig, portSchema } from '@forage/config';
import { evidenceEnvSchema } from '@forage/evidence';
import { AllowlistEntryError, parseAllowlist } from './core/egress.js';
import { ChromiumNotFoundError } from './errors.js';

/** Debian's real binary first: the /usr/bin wrapper prints a harmless but noisy warning. */
export const CHROMIUM_CANDIDATES = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'] as const;

/** The configured Chromium if it exists, else the first candidate that does. */
export function findChromium(
  configured: string | undefined,
  exists: (path: string) => boolean = existsSync,
): string {
  if (configured) {
    if (exists(configured)) return configured;
    throw new ChromiumNotFoundError(
      `CHROMIUM_PATH ${configured} does not exist; install Chromium with: apt-get install -y chromium`,
    );
  }
  const found = CHROMIUM_CANDIDATES.find((path) => exists(path));
  if (found) return found;
  throw new ChromiumNotFoundError(
    `Chromium not found at ${CHROMIUM_CANDIDATES.join(' or ')}; install it with: apt-get install -y chromium (or set CHROMIUM_PATH)`,
  );
}

export const domExtractionConfigSchema = baseEnvSchema.extend(evidenceEnvSchema.shape).extend({
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
  /** Origins (`http://127.0.0.1:41001`) or `host[:port]` the egress guard lets through although they are internal. */
  EGRESS_ALLOWLIST: z
    .string()
    .default('')
    .transform((value, ctx) => {
      try {
        return parseAllowlist(value);
      } catch (err) {
        if (!(err instanceof AllowlistEntryError)) throw err;
        ctx.addIssue({ code: 'custom', message: err.message });
        return z.NEVER;
      }
    }),
  USER_AGENT: z.string().min(1).max(500).default('Mozilla/5.0 (compatible; ForageBot/0.1)'),
});
export type DomExtractionConfig = z.infer<typeof domExtractionConfigSchema>;

export const loadDomExtractionConfig = (env: NodeJS.ProcessEnv = process.env): DomExtractionConfig =>
  parseConfig(domExtractionConfigSchema, env);
