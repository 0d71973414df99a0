import type { CrawledPage, CrawlStatus, CrawlView, CreateCrawlBody } from '@forage/contracts';
import type { CrawlOptions } from '@forage/crawl';
import { ForageError } from '@forage/messaging';

/** A bound on running crawls was reached; cancelling one (or waiting for one to finish) helps. */
export class CrawlLimitError extends ForageError {
  override readonly name = 'CrawlLimitError';
  readonly code = 'limit_reached';
  readonly retryable = true;
}

/** No such crawl for this caller: never started, expired, or another key's. */
export class CrawlNotFoundError extends ForageError {
  override readonly name = 'CrawlNotFoundError';
  readonly code = 'not_found';
  readonly retryable = false;
}

export interface CrawlLimits {
  /** Crawls running at once on this gateway, all keys together… */
  readonly maxRunning: number;
  /** …and for one key. */
  readonly maxPerOwner: number;
  /** Pages one crawl visits at most, whatever it asks for. */
  readonly maxPages: number;
  /** Pages asked of dom-extraction at once per crawl. */
  readonly concurrency: number;
}

/**
 * The crawls this gateway runs, by id, with their owners: the bounds per key and overall, without
 * I/O. A crawl taken over from a gateway that stopped counts like one started here.
 */
export class CrawlBoard {
  private readonly running = new Map<string, { owner: string | null; stop: AbortController }>();

  constructor(readonly limits: CrawlLimits) {}

  /** Checks a new crawl of `owner` fits, or throws CrawlLimitError. */
  admit(owner: string | null): void {
    if (this.running.size >= this.limits.maxRunning)
      throw new CrawlLimitError(`all ${this.limits.maxRunning} crawls are running; wait for one to end`);
    const own = [...this.running.values()].filter((c) => c.owner === owner).length;
    if (own >= this.limits.maxPerOwner)
      throw new CrawlLimitError(
        `this key has ${own} crawls running, the most it may (${this.limits.maxPerOwner}); cancel one or wait for it to end`,
      );
  }

  /** Records a crawl as running here; its controller stops it. */
  start(crawlId: string, owner: string | null): AbortController {
    const stop = new AbortController();
    this.running.set(crawlId, { owner, stop });
    return stop;
  }

  has(crawlId: string): boolean {
    return this.running.has(crawlId);
  }

  /** Stops a crawl running here (its pages under way finish); false when it does not run here. */
  stop(crawlId: string): boolean {
    const entry = this.running.get(crawlId);
    entry?.stop.abort();
    return entry !== undefined;
  }

  end(crawlId: string): void {
    this.running.delete(crawlId);
  }

  stopAll(): void {
    for (const entry of this.running.values()) entry.stop.abort();
  }

  /** The options the shared crawl loop runs with: the body's, bounded by this gateway's limits. */
  optionsOf(
    body: Pick<CreateCrawlBody, 'url' | 'depth' | 'include' | 'exclude' | 'sameSite'> & {
      maxPages: number;
    },
  ): CrawlOptions {
    return {
      root: body.url,
      maxDepth: body.depth,
      maxPages: Math.min(body.maxPages, this.limits.maxPages),
      include: body.include,
      exclude: body.exclude,
      sameSite: body.sameSite,
      concurrency: this.limits.concurrency,
      // sitemaps are read by the CLI, which fetches them itself; the gateway fetches nothing but
      // through dom-extraction, so its crawls discover pages by links
      sitemaps: false,
    };
  }
}

/** A status a crawl never leaves. */
export const isFinal = (status: CrawlStatus): boolean =>
  status === 'done' || status === 'cancelled' || status === 'failed';

/**
 * Whether a queued or running crawl has no live runner: its runner's last heartbeat is older than
 * the lease (that gateway stopped), so another may take it over and resume it.
 */
export function isAbandoned(
  record: { status: CrawlStatus; heartbeatAt?: number | undefined },
  input: { now: number; leaseMs: number },
): boolean {
  if (isFinal(record.status)) return false;
  return record.heartbeatAt === undefined || input.now - record.heartbeatAt > input.leaseMs;
}

type CrawlRecordView = {
  crawlId: string;
  request: { url: string; depth: number; maxPages: number };
  status: CrawlStatus;
  reason?: string | undefined;
  resumed: number;
  progress: CrawlView['progress'];
  createdAt: string;
  updatedAt: string;
};

/** A crawl's public state without its pages (a `progress` event). */
export function crawlStateOf(record: CrawlRecordView): Omit<CrawlView, 'pages'> {
  return {
    crawlId: record.crawlId,
    url: record.request.url,
    status: record.status,
    ...(record.reason ? { reason: record.reason } : {}),
    resumed: record.resumed,
    depth: record.request.depth,
    maxPages: record.request.maxPages,
    progress: record.progress,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** `GET /v1/crawls/{crawlId}`: the record's public part and the pages so far. */
export function crawlViewOf(input: {
  record: CrawlRecordView;
  pages: readonly { n: number; page: CrawledPage }[];
}): CrawlView {
  return { ...crawlStateOf(input.record), pages: input.pages.map(({ n, page }) => ({ n, ...page })) };
}
