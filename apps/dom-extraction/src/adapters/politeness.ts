import { Inject, Injectable } from '@nestjs/common';
import { UpstreamError } from '@forage/messaging';
import type { DomExtractionConfig } from '../config.js';
import { DOM_EXTRACTION_CONFIG } from '../tokens.js';
import { DomainLimiter } from '../core/domain-limiter.js';
import type { PageOutcome } from '../core/page-outcome.js';
import { parseRetryAfter } from '../core/retry-after.js';
import { RobotsCache } from './robots-cache.js';

/** Why a request was not sent, with the text that shows it (stored as the refusal's evidence). */
export interface Refusal {
  readonly outcome: Extract<PageOutcome, { kind: 'blocked' }>;
  readonly record: string;
}

export type Admission =
  | {
      readonly kind: 'go';
      /** Waits out the delay since the host's previous request; call it right before navigating. */
      readonly start: () => Promise<void>;
      /** Frees the host's slot; call it once the page is rendered (or failed). */
      readonly release: () => void;
      /** Tells politeness how the host answered: a 429/503 with Retry-After backs the host off. */
      readonly observe: (answer: { status: number; retryAfter: string | undefined }) => void;
    }
  | { readonly kind: 'refused'; readonly refusal: Refusal };

/**
 * Politeness before any navigation: robots.txt (RFC 9309, with Crawl-delay), at most
 * DOMAIN_MAX_CONCURRENCY requests per host at once and DOMAIN_MIN_DELAY_MS between their starts,
 * and back-off when a host answered 429/503 with Retry-After. A host counts as `host:port`.
 */
@Injectable()
export class Politeness {
  private readonly limiter: DomainLimiter;

  constructor(
    @Inject(DOM_EXTRACTION_CONFIG) private readonly config: DomExtractionConfig,
    @Inject(RobotsCache) private readonly robots: RobotsCache,
  ) {
    this.limiter = new DomainLimiter({
      maxConcurrency: config.DOMAIN_MAX_CONCURRENCY,
      maxBackoffMs: config.DOMAIN_MAX_BACKOFF_MS,
      maxDelayMs: Math.max(config.DOMAIN_MIN_DELAY_MS, config.ROBOTS_MAX_CRAWL_DELAY_MS),
    });
  }

  /**
   * Waits for the host's turn, or refuses: robots.txt disallows the URL, or the host asked us to
   * stay away for longer than half the request's budget (the other half is for rendering).
   */
  async admit(url: URL, budgetMs: number): Promise<Admission> {
    let crawlDelayMs = 0;
    if (this.config.ROBOTS_ENABLED) {
      const robots = await this.robots.decide(url);
      if (robots.unreachable !== null) {
        // RFC 9309 says disallow; the truthful answer is that the host is down, which a retry may fix
        throw new UpstreamError(
          `navigation to ${url.href} failed: ${robots.unreachable} (fetching ${robots.source.url})`,
        );
      }
      if (!robots.allowed) {
        const detail = `robots.txt disallows ${this.config.ROBOTS_USER_AGENT_TOKEN}: ${robots.because}`;
        return {
          kind: 'refused',
          refusal: {
            outcome: { kind: 'blocked', reason: 'robots', detail: detail.slice(0, 500) },
            record: [
              `Forage did not load ${url.href}: ${detail}.`,
              `robots.txt: ${robots.source.url} (${robots.source.answer}, fetched ${robots.source.fetchedAt})`,
              ...(robots.source.body === null ? [] : ['', robots.source.body]),
            ].join('\n'),
          },
        };
      }
      crawlDelayMs = robots.crawlDelayMs;
    }
    const host = url.host;
    const maxWaitMs = Math.floor(budgetMs / 2);
    const backoff = this.limiter.backoffOf(host);
    if (backoff && backoff.until - Date.now() > maxWaitMs) {
      const seconds = Math.ceil((backoff.until - Date.now()) / 1_000);
      const detail = `${host} asked us to retry after ${seconds} s (HTTP ${backoff.reason.slice(5)} with Retry-After), beyond this request's budget`;
      return {
        kind: 'refused',
        refusal: {
          outcome: { kind: 'blocked', reason: backoff.reason, detail },
          record: `Forage did not load ${url.href}: ${detail}; backing off until ${new Date(backoff.until).toISOString()}.`,
        },
      };
    }
    const turn = await this.limiter.acquire({ host, maxWaitMs });
    const delayMs = Math.max(this.config.DOMAIN_MIN_DELAY_MS, crawlDelayMs);
    return {
      kind: 'go',
      start: () => turn.start(delayMs),
      release: () => {
        turn.release();
      },
      observe: ({ status, retryAfter }) => {
        if (status !== 429 && status !== 503) return;
        const ms = parseRetryAfter(retryAfter, Date.now());
        if (ms !== null) this.limiter.backOff(host, { ms, reason: status === 429 ? 'http_429' : 'http_503' });
      },
    };
  }
}
