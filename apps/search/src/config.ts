import { z } from 'zod';
import { baseEnvSchema, parseConfig, portSchema } from '@forage/config';
import { egressEnvSchema } from '@forage/egress';
import { checkLlmEnv, llmEnvShape } from '@forage/llm';

const list = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

export const PROVIDER_NAMES = ['local', 'wikipedia', 'searxng', 'brave', 'serper', 'tavily'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

const weight = z.coerce.number().min(-1).max(1);

export const searchConfigSchema = baseEnvSchema
  .extend(egressEnvSchema.shape)
  .extend({
    OPS_PORT: portSchema.default(7803),
    /** Sitemaps of the sites the local index covers (comma separated). */
    SEARCH_SITEMAPS: list.pipe(z.array(z.url())),
    SEARCH_MAX_PAGES: z.coerce.number().int().min(1).max(100_000).default(5_000),
    SEARCH_FETCH_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
    /** Providers in order (failover) or all at once (merge). Default: the local index alone. */
    SEARCH_PROVIDERS: list
      .pipe(z.array(z.enum(PROVIDER_NAMES)).max(10))
      .transform((v): ProviderName[] => (v.length > 0 ? [...new Set(v)] : ['local'])),
    SEARCH_MODE: z.enum(['failover', 'merge']).default('failover'),
    SEARCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
    SEARCH_RETRIES: z.coerce.number().int().min(0).max(5).default(1),
    SEARCH_BACKOFF_MS: z.coerce.number().int().min(0).max(10_000).default(250),
    /** Longest Retry-After waited out within one query; longer ones skip the provider until then. */
    SEARCH_MAX_RETRY_AFTER_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
    SEARCH_RATE_PER_SECOND: z.coerce.number().min(0.01).max(1_000).default(5),
    SEARCH_RATE_BURST: z.coerce.number().int().min(1).max(1_000).default(5),
    SEARCH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
    SEARCH_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).max(100_000).default(1_000),
    SEARXNG_URL: z.url().optional(),
    BRAVE_API_KEY: z.string().min(1).optional(),
    BRAVE_API_URL: z.url().default('https://api.search.brave.com'),
    SERPER_API_KEY: z.string().min(1).optional(),
    SERPER_API_URL: z.url().default('https://google.serper.dev'),
    TAVILY_API_KEY: z.string().min(1).optional(),
    TAVILY_API_URL: z.url().default('https://api.tavily.com'),
    WIKIPEDIA_API_URL: z.url().default('https://en.wikipedia.org/w/api.php'),
    /**
     * The sitemaps' pages (SEARCH_SITEMAPS: the embedded sandbox web under `forage up`) are a demo
     * corpus. `auto` searches them only while no other source is live (the user's index is empty
     * and no web provider is configured); `always` beside the others; `never` not at all.
     */
    SEARCH_SANDBOX: z.enum(['auto', 'always', 'never']).default('auto'),
    /** The user's own index (`forage index`): a directory in the data directory. */
    SEARCH_INDEX_DIR: z.string().min(1).optional(),
    /** Port on 127.0.0.1 that serves indexed files to the browser (cited and rendered like pages); 0 picks one. */
    SEARCH_FILES_PORT: portSchema.optional(),
    SEARCH_WEIGHT_TITLE: weight.default(0.5),
    SEARCH_WEIGHT_POSITION: weight.default(0.5),
    SEARCH_WEIGHT_PRICE: weight.default(0.1),
    SEARCH_WEIGHT_AVAILABILITY: weight.default(0.1),
    SEARCH_WEIGHT_TRUST: weight.default(0.1),
    /** Local index: weight of the share of a page title's words the query names (eval:retrieval). */
    SEARCH_WEIGHT_TITLE_MENTION: z.coerce.number().min(0).max(5).default(0.5),
    /** OpenAI-compatible endpoint for query rewriting (LLM_*); unset keeps the keyword rewrite. */
    ...llmEnvShape,
  })
  .superRefine((c, ctx) => {
    // a provider named without what it needs is a configuration error, reported at boot
    const needs: Partial<Record<ProviderName, [keyof typeof c, unknown]>> = {
      searxng: ['SEARXNG_URL', c.SEARXNG_URL],
      brave: ['BRAVE_API_KEY', c.BRAVE_API_KEY],
      serper: ['SERPER_API_KEY', c.SERPER_API_KEY],
      tavily: ['TAVILY_API_KEY', c.TAVILY_API_KEY],
    };
    for (const name of c.SEARCH_PROVIDERS) {
      const need = needs[name];
      if (need && need[1] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [need[0]],
          message: `SEARCH_PROVIDERS names ${name}, which needs ${need[0]}`,
        });
    }
    checkLlmEnv(c, ctx);
  });
export type SearchConfig = z.infer<typeof searchConfigSchema>;

export const loadSearchConfig = (env: NodeJS.ProcessEnv = process.env): SearchConfig =>
  parseConfig(searchConfigSchema, env);
