import { z } from 'zod';
import { baseEnvSchema, parseConfig, portSchema } from '@forage/config';

export const searchConfigSchema = baseEnvSchema.extend({
  OPS_PORT: portSchema.default(7803),
  /** Sitemaps of the sites the local index covers (comma separated). */
  SEARCH_SITEMAPS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  SEARCH_MAX_PAGES: z.coerce.number().int().min(1).max(100_000).default(5_000),
  SEARCH_FETCH_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
});
export type SearchConfig = z.infer<typeof searchConfigSchema>;

export const loadSearchConfig = (env: NodeJS.ProcessEnv = process.env): SearchConfig =>
  parseConfig(searchConfigSchema, env);
