import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import {
  extractPage,
  type CrawledPage,
  type CrawlStatus,
  type CrawlView,
  type CreateCrawlBody,
  type FieldSchema,
  type PageSnapshot,
} from '@forage/contracts';
import { crawlSite, pageExtractionOf, type FrontierCounts } from '@forage/crawl';
import { Bus, LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import { CrawlBoard, CrawlNotFoundError, crawlViewOf, isAbandoned, isFinal } from '../core/crawl-board.js';
import type { GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { CrawlStore, type CrawlChange, type CrawlRecord } from './crawl-store.js';
import { SchemaExtractor } from './schema-extractor.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAGE_TIMEOUT_MS = 60_000;
/** How long a stopping gateway waits for the pages under way before it hands its crawls over. */
const SHUTDOWN_WAIT_MS = 15_000;

type Patch = Partial<Pick<CrawlRecord, 'status' | 'reason' | 'seeded' | 'progress'>> & {
  /** Give the crawl up (a stopping gateway): the next gateway resumes it at once. */
  release?: boolean;
};

/**
 * Site crawls started over HTTP (`/v1/crawls`): the crawl loop of @forage/crawl (the one `forage
 * crawl` runs), pages rendered by dom-extraction over the bus, its journal and Markdown in the
 * `forage-crawls` KV bucket. A crawl belongs to the API key that started it. Its runner renews a
 * lease in the record; a crawl whose runner stopped (a restart, a crash) is taken over by the next
 * gateway that sees the lease expired and resumed without visiting a finished page again.
 */
@Injectable()
export class SiteCrawls implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly board: CrawlBoard;
  /** This gateway, as the runner named in the records of the crawls it runs. */
  private readonly instance = randomUUID();
  private readonly running = new Set<Promise<void>>();
  private sweeper: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(
    @Inject(Bus) private readonly bus: Bus,
    @Inject(CrawlStore) private readonly store: CrawlStore,
    @Inject(SchemaExtractor) private readonly schemaExtractor: SchemaExtractor,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.board = new CrawlBoard({
      maxRunning: config.GATEWAY_MAX_CRAWLS,
      maxPerOwner: config.GATEWAY_CRAWLS_PER_KEY,
      maxPages: config.GATEWAY_CRAWL_MAX_PAGES,
      concurrency: config.GATEWAY_CRAWL_CONCURRENCY,
    });
  }

  onApplicationBootstrap(): void {
    void this.takeOverAbandoned();
    this.sweeper = setInterval(
      () => void this.takeOverAbandoned(),
      Math.max(500, this.config.GATEWAY_CRAWL_LEASE_MS / 2),
    );
    this.sweeper.unref();
  }

  /** Before the bus closes: the pages under way are recorded, then the crawls are handed over. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.sweeper);
    this.board.stopAll();
    await Promise.race([
      Promise.allSettled([...this.running]),
      new Promise((r) => setTimeout(r, SHUTDOWN_WAIT_MS).unref()),
    ]);
  }

  /** Starts a crawl for `caller`, or throws CrawlLimitError when a bound is reached. */
  async start(
    caller: string | null,
    body: CreateCrawlBody,
  ): Promise<{ crawlId: string; status: CrawlStatus }> {
    this.board.admit(caller);
    const now = new Date();
    const record: CrawlRecord = {
      crawlId: randomUUID(),
      owner: caller,
      request: {
        url: body.url,
        depth: body.depth,
        maxPages: Math.min(
          body.maxPages ?? this.config.GATEWAY_CRAWL_MAX_PAGES,
          this.config.GATEWAY_CRAWL_MAX_PAGES,
        ),
        include: body.include,
        exclude: body.exclude,
        sameSite: body.sameSite,
        ...(body.schema ? { schema: body.schema } : {}),
      },
      status: 'queued',
      resumed: 0,
      seeded: false,
      progress: { found: 0, done: 0, failed: 0, pending: 0 },
      runner: this.instance,
      heartbeatAt: now.getTime(),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    const revision = await this.store.create(record);
    this.launch(record, revision);
    return { crawlId: record.crawlId, status: record.status };
  }

  async view(caller: string | null, crawlId: string): Promise<CrawlView> {
    const record = await this.find(caller, crawlId);
    return crawlViewOf({ record, pages: await this.store.pages(crawlId) });
  }

  /** Page `n` of a crawl and its Markdown (none for a page listed as blocked or failed). */
  async page(
    caller: string | null,
    crawlId: string,
    n: number,
  ): Promise<{ page: CrawledPage; markdown: string | undefined }> {
    await this.find(caller, crawlId);
    const page = await this.pageOf(crawlId, n);
    return { page, markdown: page.file ? await this.store.markdown(crawlId, page.file) : undefined };
  }

  /** Page `n`'s schema extraction as stored (JSON text), when the crawl was given a schema and read the page. */
  async extraction(
    caller: string | null,
    crawlId: string,
    n: number,
  ): Promise<{ page: CrawledPage; json: string | undefined }> {
    await this.find(caller, crawlId);
    const page = await this.pageOf(crawlId, n);
    return { page, json: await this.extractionOf(crawlId, page) };
  }

  /**
   * A crawl's view and, with `n`, that page with its Markdown and stored extraction — the crawl
   * looked up once (what MCP's get_crawl shows).
   */
  async report(
    caller: string | null,
    crawlId: string,
    n: number | undefined,
  ): Promise<{
    view: CrawlView;
    page?: { page: CrawledPage; markdown: string | undefined; json: string | undefined };
  }> {
    const record = await this.find(caller, crawlId);
    const view = crawlViewOf({ record, pages: await this.store.pages(crawlId) });
    if (n === undefined) return { view };
    const page = await this.pageOf(crawlId, n);
    const [markdown, json] = await Promise.all([
      page.file ? this.store.markdown(crawlId, page.file) : undefined,
      this.extractionOf(crawlId, page),
    ]);
    return { view, page: { page, markdown, json } };
  }

  private async pageOf(crawlId: string, n: number): Promise<CrawledPage> {
    const page = await this.store.page(crawlId, n);
    if (!page) throw new CrawlNotFoundError(`crawl ${crawlId} has no page ${String(n)} (yet)`);
    return page;
  }

  private async extractionOf(crawlId: string, page: CrawledPage): Promise<string | undefined> {
    const file = page.extraction?.file;
    return file ? this.store.markdown(crawlId, file) : undefined;
  }

  /** Cancels a crawl: it stops taking pages (those under way finish) and ends `cancelled`. */
  async cancel(caller: string | null, crawlId: string): Promise<{ crawlId: string; status: CrawlStatus }> {
    for (let attempt = 1; ; attempt++) {
      const stored = await this.findStored(caller, crawlId);
      if (isFinal(stored.record.status)) return { crawlId, status: stored.record.status };
      try {
        await this.store.update(
          {
            ...stored.record,
            status: 'cancelled',
            reason: 'cancelled by its owner',
            updatedAt: new Date().toISOString(),
          },
          stored.revision,
        );
        // its runner (here, or another gateway at its next write) sees the status and stops
        this.board.stop(crawlId);
        return { crawlId, status: 'cancelled' };
      } catch (err) {
        if (attempt >= 5) throw err;
      }
    }
  }

  /** Follows one of the caller's crawls: its state and pages so far, then each change. */
  async follow(
    caller: string | null,
    crawlId: string,
    onChange: (change: CrawlChange) => void,
  ): Promise<() => void> {
    await this.find(caller, crawlId);
    return this.store.follow(crawlId, onChange);
  }

  private async find(caller: string | null, crawlId: string): Promise<CrawlRecord> {
    return (await this.findStored(caller, crawlId)).record;
  }

  private async findStored(
    caller: string | null,
    crawlId: string,
  ): Promise<{ record: CrawlRecord; revision: number }> {
    const stored = UUID.test(crawlId) ? await this.store.read(crawlId) : undefined;
    // another key's crawl is not found, exactly like one that does not exist
    if (!stored || stored.record.owner !== caller) throw new CrawlNotFoundError(`no crawl ${crawlId}`);
    return stored;
  }

  /** Claims crawls whose runner's lease expired (compare-and-set: one gateway wins) and resumes them. */
  private async takeOverAbandoned(): Promise<void> {
    try {
      for (const crawlId of await this.store.crawlIds()) {
        if (this.board.has(crawlId) || this.stopping) continue;
        const stored = await this.store.read(crawlId);
        if (!stored) continue;
        const now = Date.now();
        if (!isAbandoned(stored.record, { now, leaseMs: this.config.GATEWAY_CRAWL_LEASE_MS })) continue;
        const claimed: CrawlRecord = {
          ...stored.record,
          runner: this.instance,
          heartbeatAt: now,
          resumed: stored.record.resumed + 1,
        };
        let revision: number;
        try {
          revision = await this.store.update(claimed, stored.revision);
        } catch {
          continue; // another gateway claimed it first
        }
        this.logger.info({ crawlId, resumed: claimed.resumed }, 'resuming a crawl whose gateway stopped');
        this.launch(claimed, revision);
      }
    } catch (err) {
      this.logger.warn({ err }, 'could not look for crawls to resume');
    }
  }

  private launch(record: CrawlRecord, revision: number): void {
    const stop = this.board.start(record.crawlId, record.owner);
    const run = this.run(record, revision, stop)
      .catch((err: unknown) => {
        this.logger.error({ err, crawlId: record.crawlId }, 'crawl failed');
      })
      .finally(() => {
        this.board.end(record.crawlId);
        this.running.delete(run);
      });
    this.running.add(run);
  }

  private async run(initial: CrawlRecord, initialRevision: number, stop: AbortController): Promise<void> {
    const crawlId = initial.crawlId;
    let current = initial;
    let revision = initialRevision;
    let counts: FrontierCounts | undefined;
    // another gateway took the crawl over: this one writes no more (changed by the writes below)
    const runner = { lost: false, released: false };
    // read through a function: the writes below change it between awaits
    const statusNow = (): CrawlStatus => current.status;
    // writes go one after another: each compares-and-sets on the revision the previous one left
    let writes = Promise.resolve();
    const save = (patch: Patch): Promise<void> => {
      writes = writes.then(() => write(patch));
      return writes;
    };
    const write = async (patch: Patch): Promise<void> => {
      // a crawl handed over is not renewed again (a late heartbeat would hold the next gateway off)
      if (runner.lost || runner.released) return;
      for (let attempt = 1; attempt <= 5; attempt++) {
        const { release, ...fields } = patch;
        const next: CrawlRecord = {
          ...current,
          ...fields,
          ...(counts ? { progress: progressOf(counts) } : {}),
          // a cancelled crawl stays cancelled, whatever the runner was about to say
          status: isFinal(current.status) ? current.status : (fields.status ?? current.status),
          updatedAt: new Date().toISOString(),
          heartbeatAt: Date.now(),
          runner: this.instance,
        };
        if (release) {
          delete next.runner;
          delete next.heartbeatAt;
        }
        try {
          revision = await this.store.update(next, revision);
          current = next;
          runner.released = release === true;
          return;
        } catch {
          const fresh = await this.store.read(crawlId);
          if (!fresh || (fresh.record.runner !== undefined && fresh.record.runner !== this.instance)) {
            // another gateway took the crawl over: this one stops and writes no more
            runner.lost = true;
            stop.abort();
            return;
          }
          current = fresh.record;
          revision = fresh.revision;
          if (current.status === 'cancelled') stop.abort();
        }
      }
    };
    const heartbeat = setInterval(() => void save({}), Math.max(200, this.config.GATEWAY_CRAWL_LEASE_MS / 3));
    heartbeat.unref();
    try {
      await save({ status: 'running' });
      if (statusNow() === 'cancelled') return;
      const { journal, found, pages } = await this.store.journal({
        record: current,
        markSeeded: () => save({ seeded: true }),
      });
      const summary = await crawlSite({
        options: this.board.optionsOf(current.request),
        journal,
        restored: { found, pages },
        render: (url) =>
          this.bus.request(
            extractPage,
            { runId: crawlId, url, screenshot: false, timeoutMs: PAGE_TIMEOUT_MS, links: true },
            { timeoutMs: PAGE_TIMEOUT_MS + 30_000 },
          ),
        signal: stop.signal,
        ...(current.request.schema
          ? { readWritten: this.schemaReader(crawlId, current.request.schema) }
          : {}),
        onPage: (_page, now) => {
          counts = now;
          void save({});
        },
      });
      counts = summary;
      // its place is free once it ends, before anyone can read that it ended
      this.board.end(crawlId);
      if (!summary.stopped) await save({ status: 'done' });
      else if (this.stopping) await save({ release: true });
      else if (statusNow() !== 'cancelled' && !runner.lost)
        await save({ status: 'failed', reason: summary.stopReason ?? 'stopped' });
      else await save({});
    } catch (err) {
      this.board.end(crawlId);
      await save({ status: 'failed', reason: err instanceof Error ? err.message : String(err) });
      throw err;
    } finally {
      clearInterval(heartbeat);
      await writes;
    }
  }

  /** Reads a written page into the crawl's schema from the capture the crawl made, and stores what it read. */
  private schemaReader(
    crawlId: string,
    schema: FieldSchema,
  ): (page: PageSnapshot, record: CrawledPage) => Promise<NonNullable<CrawledPage['extraction']>> {
    return async (page, record) => {
      const extraction = await this.schemaExtractor.extract({ runId: crawlId, page, schema });
      const { file, document } = pageExtractionOf({ record, page, extraction });
      if (!(await this.store.writeExtraction(crawlId, file, JSON.stringify(document))))
        return { complete: extraction.complete, error: 'the extraction is too large to store' };
      return { file, complete: extraction.complete };
    };
  }
}

function progressOf(counts: FrontierCounts): CrawlRecord['progress'] {
  return {
    found: counts.found,
    done: counts.done,
    failed: counts.failed,
    pending: counts.pending + counts.inFlight,
  };
}
