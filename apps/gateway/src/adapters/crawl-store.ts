import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { Kvm, type KV, type KvEntry } from '@nats-io/kv';
import { z } from 'zod';
import {
  crawledPageSchema,
  crawlProgressSchema,
  crawlStatusSchema,
  extractionSchemaSchema,
  type CrawledPage,
} from '@forage/contracts';
import type { CrawlJournal, FoundUrl } from '@forage/crawl';
import { Bus, bucketTtlMs, kvBuckets } from '@forage/messaging';

/** A crawl as the gateway keeps it: what was asked, by whom, and how far it got. */
export const crawlRecordSchema = z.object({
  crawlId: z.uuid(),
  /** The API key id that started it (null: the gateway requires no keys). */
  owner: z.string().nullable(),
  request: z.object({
    url: z.string(),
    depth: z.number().int(),
    maxPages: z.number().int(),
    include: z.array(z.string()),
    exclude: z.array(z.string()),
    sameSite: z.boolean(),
    /** Each written page is also read into this schema. */
    schema: extractionSchemaSchema.optional(),
  }),
  status: crawlStatusSchema,
  reason: z.string().optional(),
  /** Times a gateway took the crawl over after the one running it stopped. */
  resumed: z.number().int().nonnegative(),
  /** The start page was admitted (the journal is seeded). */
  seeded: z.boolean(),
  progress: crawlProgressSchema,
  /** The gateway instance running it, and when it last said so (its lease). */
  runner: z.string().optional(),
  heartbeatAt: z.number().int().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CrawlRecord = z.infer<typeof crawlRecordSchema>;

const foundBatchSchema = z.array(
  z.object({ url: z.string(), depth: z.number().int().nonnegative(), from: z.string().optional() }),
);

/** A KV value stays under the bucket's largest message (the server's max_payload). */
const MAX_MARKDOWN_BYTES = 900_000;
const MAX_RECORD_BYTES = 200_000;
const FOUND_PER_ENTRY = 1_000;

/**
 * Keys of one crawl: `<id>.state` and `<id>.page-<n>` (what a follower watches, with `<id>.*`),
 * `<id>.found.<seq>` (the journal of admitted URLs) and `<id>.md.<hash>` (a page's Markdown, or its
 * schema extraction, by file name).
 */
const keys = {
  state: (id: string) => `${id}.state`,
  page: (id: string, n: number) => `${id}.page-${String(n)}`,
  found: (id: string, seq: number) => `${id}.found.${String(seq)}`,
  markdown: (id: string, file: string) =>
    `${id}.md.${createHash('sha256').update(file).digest('hex').slice(0, 40)}`,
};

/** A change a follower of one crawl sees: its state, or a page it finished. */
export type CrawlChange =
  | { readonly kind: 'state'; readonly record: CrawlRecord }
  | { readonly kind: 'page'; readonly n: number; readonly page: CrawledPage };

/**
 * The gateway's crawls in the `forage-crawls` KV bucket: each crawl's record, the journal the
 * shared crawl loop resumes from (admitted URLs, finished pages) and each page's Markdown. Any
 * gateway can answer for, follow or resume any crawl, and a restart loses nothing.
 */
@Injectable()
export class CrawlStore implements OnModuleInit {
  private kv: KV | undefined;
  private jsm: JetStreamManager | undefined;

  constructor(@Inject(Bus) private readonly bus: Bus) {}

  async onModuleInit(): Promise<void> {
    this.kv = await new Kvm(this.bus.connection).create(kvBuckets.crawls.bucket, {
      history: kvBuckets.crawls.history,
      ttl: bucketTtlMs(kvBuckets.crawls.ttl, process.env),
      replicas: this.bus.jetstreamReplicas,
    });
    this.jsm = await jetstreamManager(this.bus.connection);
  }

  async create(record: CrawlRecord): Promise<number> {
    return this.store().create(keys.state(record.crawlId), JSON.stringify(record));
  }

  async read(crawlId: string): Promise<{ record: CrawlRecord; revision: number } | undefined> {
    const entry = await this.store()
      .get(keys.state(crawlId))
      .catch(() => null);
    const record = entry ? recordOf(entry) : undefined;
    return entry && record ? { record, revision: entry.revision } : undefined;
  }

  /** Compare-and-set: fails when the record changed since `revision` (another writer came first). */
  async update(record: CrawlRecord, revision: number): Promise<number> {
    return this.store().update(keys.state(record.crawlId), JSON.stringify(record), revision);
  }

  /** Ids of every crawl the bucket holds. */
  async crawlIds(): Promise<string[]> {
    const ids: string[] = [];
    for (const key of await this.keysMatching('*.state')) ids.push(key.slice(0, -'.state'.length));
    return ids;
  }

  /** The crawl's finished pages, in the order they finished. */
  async pages(crawlId: string): Promise<{ n: number; page: CrawledPage }[]> {
    const numbers: number[] = [];
    for (const key of await this.keysMatching(`${crawlId}.*`)) {
      const n = pageNumberOf(key);
      if (n !== undefined) numbers.push(n);
    }
    numbers.sort((a, b) => a - b);
    const pages = await Promise.all(numbers.map(async (n) => ({ n, page: await this.page(crawlId, n) })));
    return pages.flatMap((p) => (p.page ? [{ n: p.n, page: p.page }] : []));
  }

  async page(crawlId: string, n: number): Promise<CrawledPage | undefined> {
    const entry = await this.store()
      .get(keys.page(crawlId, n))
      .catch(() => null);
    if (entry?.operation !== 'PUT') return undefined;
    const parsed = crawledPageSchema.safeParse(entry.json());
    return parsed.success ? parsed.data : undefined;
  }

  async markdown(crawlId: string, file: string): Promise<string | undefined> {
    const entry = await this.store()
      .get(keys.markdown(crawlId, file))
      .catch(() => null);
    return entry?.operation === 'PUT' ? entry.string() : undefined;
  }

  /** A page's schema extraction (JSON), stored beside its Markdown; false when it is too large to keep. */
  async writeExtraction(crawlId: string, file: string, json: string): Promise<boolean> {
    if (Buffer.byteLength(json) > MAX_MARKDOWN_BYTES) return false;
    await this.store().put(keys.markdown(crawlId, file), json);
    return true;
  }

  /** The journal of one crawl for the shared crawl loop, with what earlier runs of it stored. */
  async journal(input: {
    record: CrawlRecord;
    markSeeded: () => Promise<void>;
  }): Promise<{ journal: CrawlJournal; found: FoundUrl[]; pages: CrawledPage[] }> {
    const id = input.record.crawlId;
    const store = this.store();
    const found: FoundUrl[] = [];
    let foundSeq = 0;
    for (const key of await this.keysMatching(`${id}.found.*`)) {
      foundSeq = Math.max(foundSeq, Number(key.split('.').at(-1)) + 1);
      const entry = await store.get(key).catch(() => null);
      const parsed = entry?.operation === 'PUT' ? foundBatchSchema.safeParse(entry.json()) : undefined;
      if (parsed?.success) found.push(...parsed.data);
    }
    const done = await this.pages(id);
    let pageSeq = done.reduce((max, p) => Math.max(max, p.n + 1), 0);
    let seeded = input.record.seeded;
    const journal: CrawlJournal = {
      get seeded() {
        return seeded;
      },
      markSeeded: async () => {
        await input.markSeeded();
        seeded = true;
      },
      appendFound: async (urls) => {
        for (let i = 0; i < urls.length; i += FOUND_PER_ENTRY)
          await store.put(keys.found(id, foundSeq++), JSON.stringify(urls.slice(i, i + FOUND_PER_ENTRY)));
      },
      writeMarkdown: async (file, markdown) => {
        await store.put(keys.markdown(id, file), capped(markdown));
      },
      appendPage: async (page) => {
        await store.put(keys.page(id, pageSeq++), JSON.stringify(storable(page)));
      },
    };
    return { journal, found, pages: done.map((p) => p.page) };
  }

  /**
   * Follows one crawl: its state and pages as stored so far, then each change, until `stop()`.
   * A KV watch, so it works on any gateway whichever one runs the crawl.
   */
  async follow(crawlId: string, onChange: (change: CrawlChange) => void): Promise<() => void> {
    const watch = await this.store().watch({ key: `${crawlId}.*`, ignoreDeletes: true });
    void (async () => {
      for await (const entry of watch) {
        if (entry.key === keys.state(crawlId)) {
          const record = recordOf(entry);
          if (record) onChange({ kind: 'state', record });
          continue;
        }
        const n = pageNumberOf(entry.key);
        const parsed = n === undefined ? undefined : crawledPageSchema.safeParse(entry.json());
        if (n !== undefined && parsed?.success) onChange({ kind: 'page', n, page: parsed.data });
      }
    })();
    return () => {
      watch.stop();
    };
  }

  /**
   * The keys matching `filter`, from the stream's subject list in one request: a KV key listing
   * (an ordered consumer) would chase a crawl that keeps writing and not end until it pauses.
   */
  private async keysMatching(filter: string): Promise<string[]> {
    if (!this.jsm) throw new Error('crawl store used before init');
    const prefix = `$KV.${kvBuckets.crawls.bucket}.`;
    const info = await this.jsm.streams.info(`KV_${kvBuckets.crawls.bucket}`, {
      subjects_filter: `${prefix}${filter}`,
    });
    return Object.keys(info.state.subjects ?? {}).map((subject) => subject.slice(prefix.length));
  }

  private store(): KV {
    if (!this.kv) throw new Error('crawl store used before init');
    return this.kv;
  }
}

function recordOf(entry: KvEntry): CrawlRecord | undefined {
  if (entry.operation !== 'PUT') return undefined;
  try {
    const parsed = crawlRecordSchema.safeParse(entry.json());
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function pageNumberOf(key: string): number | undefined {
  const m = /\.page-(\d+)$/.exec(key);
  return m?.[1] === undefined ? undefined : Number(m[1]);
}

/** A page with many links keeps its record small enough to store: the links go first. */
function storable(page: CrawledPage): CrawledPage {
  if (JSON.stringify(page).length <= MAX_RECORD_BYTES) return page;
  const rest = { ...page };
  delete rest.links;
  return rest;
}

/** Markdown beyond one KV value is cut, with a note saying so. */
function capped(markdown: string): string {
  if (Buffer.byteLength(markdown) <= MAX_MARKDOWN_BYTES) return markdown;
  const cut = Buffer.from(markdown).subarray(0, MAX_MARKDOWN_BYTES).toString('utf8');
  return `${cut}\n\n<!-- forage: the page's Markdown was cut at ${String(MAX_MARKDOWN_BYTES)} bytes -->\n`;
}
