import { withOverrides } from '@forage/egress';
import type { SearchProvider } from '../core/providers/provider.js';
import { RateLimiter } from '../core/providers/rate-limiter.js';
import type { ProviderSlot } from '../core/providers/run-providers.js';
import { LocalIndexProvider } from '../core/providers/local-provider.js';
import type { ProviderName, SearchConfig } from '../config.js';
import { guardedProviderHttp } from './provider-http.js';
import type { LocalIndex } from './local-index.js';
import { WikipediaProvider } from './providers/wikipedia.js';
import { SearxngProvider } from './providers/searxng.js';
import { BraveProvider } from './providers/brave.js';
import { SerperProvider } from './providers/serper.js';
import { TavilyProvider } from './providers/tavily.js';

/** The configured providers in SEARCH_PROVIDERS order, each with its policy and its own rate limiter. */
export function providerSlots(config: SearchConfig, local: LocalIndex): ProviderSlot[] {
  const timeoutMs = config.SEARCH_TIMEOUT_MS;
  const origins: Partial<Record<ProviderName, string>> = {
    wikipedia: config.WIKIPEDIA_API_URL,
    ...(config.SEARXNG_URL ? { searxng: config.SEARXNG_URL } : {}),
    brave: config.BRAVE_API_URL,
    serper: config.SERPER_API_URL,
    tavily: config.TAVILY_API_URL,
  };
  const http = guardedProviderHttp({
    allowlist: config.EGRESS_ALLOWLIST,
    denylist: config.EGRESS_DENYLIST,
    resolve: withOverrides(config.EGRESS_RESOLVE),
    providerOrigins: config.SEARCH_PROVIDERS.flatMap((p) => (origins[p] ? [origins[p]] : [])),
  });
  const make = (name: ProviderName): SearchProvider => {
    switch (name) {
      case 'local':
        return new LocalIndexProvider(() => local.current, {
          titleMention: config.SEARCH_WEIGHT_TITLE_MENTION,
        });
      case 'wikipedia':
        return new WikipediaProvider(http, config.WIKIPEDIA_API_URL, timeoutMs);
      case 'searxng':
        return new SearxngProvider(http, config.SEARXNG_URL ?? '', timeoutMs);
      case 'brave':
        return new BraveProvider(http, {
          baseUrl: config.BRAVE_API_URL,
          apiKey: config.BRAVE_API_KEY ?? '',
          timeoutMs,
        });
      case 'serper':
        return new SerperProvider(http, {
          baseUrl: config.SERPER_API_URL,
          apiKey: config.SERPER_API_KEY ?? '',
          timeoutMs,
        });
      case 'tavily':
        return new TavilyProvider(http, {
          baseUrl: config.TAVILY_API_URL,
          apiKey: config.TAVILY_API_KEY ?? '',
          timeoutMs,
        });
    }
  };
  return config.SEARCH_PROVIDERS.map((name) => ({
    provider: make(name),
    policy: {
      timeoutMs,
      retries: name === 'local' ? 0 : config.SEARCH_RETRIES,
      backoffMs: config.SEARCH_BACKOFF_MS,
      maxRetryAfterMs: config.SEARCH_MAX_RETRY_AFTER_MS,
    },
    limiter:
      name === 'local'
        ? new RateLimiter(1_000_000, 1_000_000, () => Date.now())
        : new RateLimiter(config.SEARCH_RATE_PER_SECOND, config.SEARCH_RATE_BURST, () => Date.now()),
  }));
}
