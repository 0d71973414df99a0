import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import { Bm25Index, DocumentStore, type StoredDocument } from '@forage/retrieval';
import { withOverrides } from '@forage/egress';
import type { LocalDocument } from '../core/local-document.js';
import { SEARCH_CONFIG } from '../tokens.js';
import type { SearchConfig } from '../config.js';
import { sandboxDecision, type SandboxDecision } from '../core/sandbox-policy.js';
import { crawlSitemaps } from './sitemap-crawler.js';
import { IndexedFilesServer } from './indexed-files-server.js';

/**
 * The local index: the configured sitemaps (the sandbox by default), crawled at boot, plus the
 * user's own pages from `forage index` (the DocumentStore in the data directory), reloaded when
 * the store file changes. The sandbox's pages are in the index only while sandboxDecision says
 * so: once the user has indexed pages, they are not blended with them.
 */
@Injectable()
export class LocalIndex implements OnApplicationBootstrap {
  private index = new Bm25Index<LocalDocument>();
  private crawled: LocalDocument[] = [];
  private stored: LocalDocument[] = [];
  private storeVersion = -1;
  private ready = false;
  private swaps = 0;
  private lastError: string | undefined;
  private readonly store: DocumentStore | undefined;

  constructor(
    @Inject(SEARCH_CONFIG) private readonly config: SearchConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(IndexedFilesServer) private readonly files: IndexedFilesServer,
  ) {
    this.store = config.SEARCH_INDEX_DIR ? new DocumentStore(config.SEARCH_INDEX_DIR) : undefined;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.refreshStore();
    await this.rebuild();
  }

  get current(): Bm25Index<LocalDocument> {
    return this.index;
  }

  health(): { ok: boolean; detail: string } {
    return {
      ok: this.ready,
      detail: this.ready ? this.describeSources() : (this.lastError ?? 'building'),
    };
  }

  /** Whether the sandbox's pages are searched now (they are a demo corpus: see sandboxDecision). */
  sandbox(): SandboxDecision {
    return sandboxDecision({
      mode: this.config.SEARCH_SANDBOX,
      userDocuments: this.stored.length,
      webProviders: this.config.SEARCH_PROVIDERS.filter((p) => p !== 'local'),
    });
  }

  /** The live sources, as `forage status` shows them: the user's index, the sandbox, web providers. */
  private describeSources(): string {
    const sandbox = this.sandbox();
    const web = this.config.SEARCH_PROVIDERS.filter((p) => p !== 'local');
    return [
      ...(this.store ? [`your index ${String(this.stored.length)} documents`] : []),
      ...(this.config.SEARCH_SITEMAPS.length > 0
        ? [
            `sandbox ${String(this.crawled.length)} pages ${sandbox.searched ? 'searched' : 'not searched'}: ${sandbox.why}`,
          ]
        : []),
      ...(web.length > 0 ? [`web ${web.join(', ')}`] : []),
    ].join('; ');
  }

  /** Reloads the user's index when `forage index` changed it since the last look. */
  async refreshStore(): Promise<void> {
    if (!this.store) return;
    const version = await this.store.version();
    if (version === this.storeVersion) return;
    try {
      const docs = await this.store.load();
      this.files.serve(docs);
      this.stored = docs.flatMap((d) => {
        const url = citationUrl(d, this.files.origin);
        return url ? [{ id: d.id, url, title: d.title, text: d.text }] : [];
      });
      this.storeVersion = version;
      this.swap();
      this.logger.info({ documents: this.stored.length }, 'user index loaded');
    } catch (err) {
      this.logger.warn({ err }, 'user index could not be read');
    }
  }

  async rebuild(): Promise<void> {
    if (this.config.SEARCH_SITEMAPS.length === 0) {
      this.ready = true;
      return;
    }
    for (let attempt = 1; attempt <= 20; attempt++) {
      try {
        this.crawled = await crawlSitemaps({
          sitemaps: this.config.SEARCH_SITEMAPS,
          maxPages: this.config.SEARCH_MAX_PAGES,
          concurrency: this.config.SEARCH_FETCH_CONCURRENCY,
          policy: {
            allowlist: this.config.EGRESS_ALLOWLIST,
            denylist: this.config.EGRESS_DENYLIST,
            resolve: withOverrides(this.config.EGRESS_RESOLVE),
            timeoutMs: 15_000,
          },
        });
        this.swap();
        this.ready = true;
        this.logger.info({ pages: this.index.size }, 'local index built');
        return;
      } catch (err) {
        this.lastError = err instanceof Error ? err.message : String(err);
        this.logger.warn({ err, attempt }, 'local index build failed; retrying');
        await new Promise((r) => setTimeout(r, Math.min(250 * attempt, 2_000)));
      }
    }
  }

  /** Counts the index's rebuilds: results computed from an earlier one are stale. */
  get generation(): number {
    return this.swaps;
  }

  private swap(): void {
    this.swaps += 1;
    const index = new Bm25Index<LocalDocument>();
    const sandbox = this.sandbox().searched ? this.crawled : [];
    for (const doc of [...this.stored, ...sandbox]) index.add(doc);
    this.index = index;
  }
}

/**
 * The URL a stored document is cited by: its own URL for fetched pages; for files, the loopback
 * origin that serves indexed files (so the browser can render them as evidence), when one is set.
 */
export function citationUrl(doc: StoredDocument, filesOrigin: string | undefined): string | null {
  if (doc.kind === 'url') return doc.source;
  return filesOrigin ? `${filesOrigin}/files/${doc.id}` : null;
}
