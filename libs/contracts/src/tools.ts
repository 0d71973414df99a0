import { z } from 'zod';
import { runIdSchema, sha256Schema } from './common.js';
import { extractPage } from './dom.js';
import { extractionSchemaSchema, schemaExtractionSchema } from './extraction.js';
import { searchQuery } from './search.js';

/**
 * One-shot tools over HTTP (`POST /v1/search`, `POST /v1/extract`) and MCP (`search`, `extract`,
 * `get_run`, `get_evidence`): their inputs are parts of the bus contracts, never second copies.
 */

/** Body of `POST /v1/search` and input of the MCP `search` tool: search.query.v1 without a run. */
export const searchBodySchema = searchQuery.request
  .pick({ query: true, limit: true })
  .meta({ title: 'SearchBody', description: 'A query for the configured search providers' });
export type SearchBody = z.infer<typeof searchBodySchema>;

/** Reply of `POST /v1/search`: search.query.v1's reply. */
export const searchResponseSchema = searchQuery.reply;
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/**
 * Body of `POST /v1/extract` and input of the MCP `extract` tool: dom.extract.v1 without a run,
 * and optionally a JSON Schema to read the page into (each field verified).
 */
export const extractBodySchema = extractPage.request
  .pick({ url: true, timeoutMs: true })
  .extend({
    schema: extractionSchemaSchema.optional().meta({
      description:
        'A JSON Schema to read the page into; each field comes back with its source and verification status',
    }),
  })
  .meta({
    title: 'ExtractBody',
    description: 'A URL to render and read the main content of, or to read into a JSON Schema',
  });
export type ExtractBody = z.infer<typeof extractBodySchema>;

/**
 * Reply of `POST /v1/extract`: dom.extract.v1's page snapshot (main content included) and, when a
 * schema was given, the page read into it.
 */
export const extractResponseSchema = extractPage.reply.extend({
  extraction: schemaExtractionSchema.optional(),
});
export type ExtractResponse = z.infer<typeof extractResponseSchema>;

/** Input of the MCP `get_run` tool. */
export const getRunInputSchema = z.object({ runId: runIdSchema }).meta({ title: 'GetRunInput' });
export type GetRunInput = z.infer<typeof getRunInputSchema>;

/**
 * Input of the MCP `get_evidence` tool: an artefact by its content address, and the run it
 * belongs to (`GET /v1/evidence/:sha256?run=`: evidence is served only for a run the caller may see).
 */
export const getEvidenceInputSchema = z
  .object({ runId: runIdSchema, sha256: sha256Schema })
  .meta({ title: 'GetEvidenceInput' });
export type GetEvidenceInput = z.infer<typeof getEvidenceInputSchema>;

/**
 * Input of the MCP `get_crawl` tool: a crawl the caller started (`GET /v1/crawls/:id`) and,
 * optionally, one of its pages to read (its Markdown, and its schema extraction when the crawl had a schema).
 */
export const getCrawlInputSchema = z
  .object({
    crawlId: z.uuid(),
    page: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .meta({ description: 'A page of the crawl by its n (as the pages list numbers them)' }),
  })
  .meta({ title: 'GetCrawlInput' });
export type GetCrawlInput = z.infer<typeof getCrawlInputSchema>;
