import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import { Bm25Index } from '../core/bm25.js';
import type { PageDocument } from '../core/rank.js';
import { SEARCH_CONFIG } from '../tokens.js';
import type { SearchConfig } from '../config.js';
import { crawlSitemaps } from './sitemap-crawler.js';

/** The local search provider: a BM25 index over the configured sitemaps, rebuilt until it succeeds. */
@Injectable()
export class LocalIndex implements OnApplicationBootstrap {
  private index = new Bm25Index<PageDocument>();
  private ready = false;
  private lastError: string | undefined;

  constructor(
    @Inject(SEARCH_CONFIG) private readonly config: SearchConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.rebuild();
  }

  get current(): Bm25Index<PageDocument> {
    return this.index;
  }

  health(): { ok: boolean; detail: string } {
    return {
      ok: this.ready,
      detail: this.ready ? `${this.index.size} pages` : (this.lastError ?? 'building'),
    };
  }

  async rebuild(): Promise<void> {
    for (let attempt = 1; attempt <= 20; attempt++) {
      try {
        const docs = await crawlSitemaps({
          sitemaps: this.config.SEARCH_SITEMAPS,
          maxPages: this.config.SEARCH_MAX_PAGES,
          concurrency: this.config.SEARCH_FETCH_CONCURRENCY,
        });
        const index = new Bm25Index<PageDocument>();
        for (const doc of docs) index.add(doc);
        this.index = index;
        this.ready = true;
        this.logger.info({ pages: index.size }, 'local index built');
        return;
      } catch (err) {
        this.lastError = err instanceof Error ? err.message : String(err);
        this.logger.warn({ err, attempt }, 'local index build failed; retrying');
        await new Promise((r) => setTimeout(r, Math.min(250 * attempt, 2_000)));
      }
    }
  }
}
