import { z } from 'zod';
import { httpUrlSchema, isoTimeSchema } from './common.js';
import { extractionSchemaSchema, schemaExtractionSchema } from './extraction.js';

/**
 * One page of a crawl, as `forage crawl` writes it to `pages.jsonl` and `GET /v1/crawls/{crawlId}`
 * lists it: written as Markdown (`ok`), or listed with the reason it was not (`blocked`: a wall,
 * robots.txt or the egress policy; `error`: it could not be rendered).
 */
export const crawledPageSchema = z
  .object({
    url: z.string(),
    finalUrl: z.string().optional(),
    status: z.enum(['ok', 'blocked', 'error']),
    reason: z.string().optional(),
    httpStatus: z.number().int().optional(),
    title: z.string().optional(),
    language: z.string().optional(),
    depth: z.number().int().nonnegative(),
    /** The Markdown file, relative to the crawl's folder (ok pages only). */
    file: z.string().optional(),
    /** The log record that holds the page's evidence, and the evidence's content addresses. */
    logRecordId: z.string().optional(),
    evidence: z.array(z.string()).optional(),
    links: z.array(z.string()).optional(),
    /** With a schema (`forage crawl --schema`): where the page's SchemaExtraction was written, or why it was not. */
    extraction: z
      .object({
        /** The JSON file, relative to the crawl's folder (beside the page's Markdown). */
        file: z.string().optional(),
        /** Every required field was verified. */
        complete: z.boolean(),
        error: z.string().max(500).optional(),
      })
      .optional(),
    fetchedAt: z.string(),
  })
  .meta({ title: 'CrawledPage', description: 'A page a crawl visited: written, blocked or failed' });
export type CrawledPage = z.infer<typeof crawledPageSchema>;

/** A crawled page read into the crawl's schema: the `.json` beside its Markdown, and `GET …/pages/{n}/extraction`. */
export const crawlPageExtractionSchema = schemaExtractionSchema
  .extend({ url: z.string(), finalUrl: z.string(), logRecordId: z.string() })
  .meta({
    title: 'CrawlPageExtraction',
    description:
      "A crawled page read into the crawl's schema: verified data, every field with its Source and status",
  });
export type CrawlPageExtraction = z.infer<typeof crawlPageExtractionSchema>;

/** A crawl's page with its place in the crawl: `n` is what `GET /v1/crawls/{crawlId}/pages/{n}` takes. */
export const crawlPageEntrySchema = crawledPageSchema
  .extend({ n: z.number().int().nonnegative() })
  .meta({ title: 'CrawlPageEntry', description: 'A page of a crawl, numbered in the order it finished' });

const patternsSchema = z.array(z.string().min(1).max(500)).max(50);

/** Body of `POST /v1/crawls`. */
export const createCrawlBodySchema = z
  .object({
    url: httpUrlSchema.meta({ description: 'The page the crawl starts from' }),
    depth: z
      .number()
      .int()
      .min(0)
      .max(10)
      .default(2)
      .meta({ description: 'Links followed from the start page at most (0: the start page only)' }),
    maxPages: z
      .number()
      .int()
      .min(1)
      .max(100_000)
      .optional()
      .meta({ description: 'Pages visited at most (the gateway’s per-crawl limit when absent or larger)' }),
    include: patternsSchema
      .default([])
      .meta({ description: 'Only URLs matching one of these: a glob on the path (`/docs/*`) or `/regex/`' }),
    exclude: patternsSchema.default([]).meta({ description: 'Never URLs matching one of these' }),
    sameSite: z
      .boolean()
      .default(false)
      .meta({ description: 'Also visit the site’s other hosts, not only the start page’s origin' }),
    schema: extractionSchemaSchema.optional().meta({
      description:
        'A JSON Schema each written page is also read into, every field verified (GET …/pages/{n}/extraction)',
    }),
  })
  .strict()
  .meta({ title: 'CreateCrawlBody', description: 'A site to crawl into Markdown, one page per file' });
export type CreateCrawlBody = z.infer<typeof createCrawlBodySchema>;

export const crawlStatusSchema = z
  .enum(['queued', 'running', 'done', 'cancelled', 'failed'])
  .meta({ title: 'CrawlStatus' });
export type CrawlStatus = z.infer<typeof crawlStatusSchema>;

/** How far a crawl is: pages admitted (`found`), finished (`done`), of those not written (`failed`). */
export const crawlProgressSchema = z
  .object({
    found: z.number().int().nonnegative(),
    done: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
    pending: z.number().int().nonnegative(),
  })
  .meta({ title: 'CrawlProgress' });
export type CrawlProgressCounts = z.infer<typeof crawlProgressSchema>;

/** Body of `POST /v1/crawls` (202). */
export const createCrawlResponseSchema = z
  .object({ crawlId: z.uuid(), status: crawlStatusSchema })
  .meta({ title: 'CreateCrawlResponse' });
export type CreateCrawlResponse = z.infer<typeof createCrawlResponseSchema>;

/** Body of `GET /v1/crawls/{crawlId}`. */
export const crawlViewSchema = z
  .object({
    crawlId: z.uuid(),
    url: z.string(),
    status: crawlStatusSchema,
    /** Why a crawl failed or was cut short (a gateway restart it resumed from, the stack not answering). */
    reason: z.string().optional(),
    /** The gateway restarted while the crawl ran; it was resumed without visiting a finished page again. */
    resumed: z.number().int().nonnegative(),
    depth: z.number().int().nonnegative(),
    maxPages: z.number().int().positive(),
    progress: crawlProgressSchema,
    createdAt: isoTimeSchema,
    updatedAt: isoTimeSchema,
    /** The pages finished so far, in the order they finished. */
    pages: z.array(crawlPageEntrySchema),
  })
  .meta({ title: 'CrawlView', description: 'A crawl: its status, progress and the pages so far' });
export type CrawlView = z.infer<typeof crawlViewSchema>;

/** Body of `DELETE /v1/crawls/{crawlId}`. */
export const cancelCrawlResponseSchema = z
  .object({ crawlId: z.uuid(), status: crawlStatusSchema })
  .meta({ title: 'CancelCrawlResponse' });
export type CancelCrawlResponse = z.infer<typeof cancelCrawlResponseSchema>;
