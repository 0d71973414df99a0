import type { z } from 'zod';
import {
  cancelCrawlResponseSchema,
  crawlPageEntrySchema,
  crawlPageExtractionSchema,
  crawlViewSchema,
  createCrawlBodySchema,
  createCrawlResponseSchema,
} from '@forage/contracts';
import { commonErrors, error, jsonContent, type JsonObject } from './openapi-parts.js';

/** The schemas of `/v1/crawls`, from the contracts. */
export const crawlComponents: Record<string, { schema: z.ZodType; io: 'input' | 'output' }> = {
  CreateCrawlBody: { schema: createCrawlBodySchema, io: 'input' },
  CreateCrawlResponse: { schema: createCrawlResponseSchema, io: 'output' },
  CrawlView: { schema: crawlViewSchema, io: 'output' },
  CrawlPageEntry: { schema: crawlPageEntrySchema, io: 'output' },
  CrawlPageExtraction: { schema: crawlPageExtractionSchema, io: 'output' },
  CancelCrawlResponse: { schema: cancelCrawlResponseSchema, io: 'output' },
};

const crawlIdParam = {
  name: 'crawlId',
  in: 'path',
  required: true,
  schema: { type: 'string', format: 'uuid' },
};
const notYours = error('No such crawl: never started, expired, or another key’s');

/** `/v1/crawls`: a site crawled into Markdown, durable across gateway restarts. */
export const crawlPaths: Record<string, JsonObject> = {
  '/v1/crawls': {
    post: {
      operationId: 'startCrawl',
      summary:
        'Crawl a site by its links into Markdown, pages rendered by dom-extraction (egress rules, robots.txt, per-host politeness); owned by the caller’s API key',
      requestBody: { required: true, content: jsonContent('CreateCrawlBody') },
      responses: {
        '202': { description: 'The crawl was started', content: jsonContent('CreateCrawlResponse') },
        ...commonErrors,
        '429': error('Too many requests, or too many crawls running for this key or overall (limit_reached)'),
      },
    },
  },
  '/v1/crawls/{crawlId}': {
    get: {
      operationId: 'getCrawl',
      summary:
        'The crawl’s status, progress and the pages finished so far (blocked and failed ones with why)',
      parameters: [crawlIdParam],
      responses: {
        '200': { description: 'The crawl', content: jsonContent('CrawlView') },
        '404': notYours,
        ...commonErrors,
      },
    },
    delete: {
      operationId: 'cancelCrawl',
      summary: 'Cancel the crawl: it takes no more pages (those under way finish) and ends `cancelled`',
      parameters: [crawlIdParam],
      responses: {
        '200': { description: 'The crawl’s status now', content: jsonContent('CancelCrawlResponse') },
        '404': notYours,
        ...commonErrors,
      },
    },
  },
  '/v1/crawls/{crawlId}/events': {
    get: {
      operationId: 'crawlEvents',
      summary:
        'Server-sent events: what happened so far, then `progress` (CrawlView without pages) on each change, `page` (CrawlPageEntry) per page finished, and `end`',
      parameters: [crawlIdParam],
      responses: {
        '200': {
          description: 'An event stream',
          content: { 'text/event-stream': { schema: { type: 'string' } } },
        },
        '404': notYours,
        ...commonErrors,
      },
    },
  },
  '/v1/crawls/{crawlId}/pages/{n}': {
    get: {
      operationId: 'getCrawlPage',
      summary: 'Page `n`’s Markdown, with a front matter naming its URL, title and fetch time',
      parameters: [
        crawlIdParam,
        { name: 'n', in: 'path', required: true, schema: { type: 'integer', minimum: 0 } },
      ],
      responses: {
        '200': { description: 'The Markdown', content: { 'text/markdown': { schema: { type: 'string' } } } },
        '404': notYours,
        '409': error('The page was listed as blocked or failed, never written as content'),
        ...commonErrors,
      },
    },
  },
  '/v1/crawls/{crawlId}/pages/{n}/extraction': {
    get: {
      operationId: 'getCrawlPageExtraction',
      summary:
        'Page `n` read into the crawl’s schema: the verified data and every field with its value, Source and status',
      parameters: [
        crawlIdParam,
        { name: 'n', in: 'path', required: true, schema: { type: 'integer', minimum: 0 } },
      ],
      responses: {
        '200': { description: 'The page read into the schema', content: jsonContent('CrawlPageExtraction') },
        '404': notYours,
        '409': error('The crawl was given no schema, or the page was not written, or its extraction failed'),
        ...commonErrors,
      },
    },
  },
};
