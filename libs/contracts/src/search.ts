import { z } from 'zod';
import { defineCommand, defineEvent } from './define.js';
import { httpUrlSchema, QUESTION_MAX_CHARS, runIdSchema } from './common.js';

/** Version of the ranking formula that produced `score` and `breakdown`. */
export const SEARCH_RANKING_VERSION = 'rank.v2';

export const searchSchemaTypeSchema = z.enum([
  'generic',
  'HotelListing',
  'ProductListing',
  'ContactListing',
  'Paper',
]);
export type SearchSchemaType = z.infer<typeof searchSchemaTypeSchema>;

export const searchSourceStatusSchema = z.enum([
  'ok',
  'empty',
  'timeout',
  'rate_limited',
  'auth_failed',
  'error',
]);
export type SearchSourceStatus = z.infer<typeof searchSourceStatusSchema>;

export const searchResultSchema = z.object({
  url: httpUrlSchema,
  title: z.string().max(500),
  snippet: z.string().max(2000),
  score: z.number(),
  provider: z.string().max(50),
  position: z.number().int().min(1).optional().meta({ description: '1-based rank the provider gave it' }),
  domain: z.string().max(253).optional().meta({ description: 'Registrable domain (public suffix list)' }),
  breakdown: z
    .record(z.string().max(50), z.number())
    .optional()
    .meta({ description: 'Each ranking term and its contribution to score' }),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchQuery = defineCommand({
  subject: 'search.query.v1',
  description: 'Parse, rewrite and run a query against the configured providers; ranked results',
  request: z
    .object({
      runId: runIdSchema,
      // the orchestrator searches with the question itself: the same limit
      query: z.string().trim().min(1).max(QUESTION_MAX_CHARS),
      limit: z.number().int().min(1).max(50).default(5),
    })
    .meta({ title: 'SearchQuery' }),
  reply: z.object({
    query: z.string(),
    terms: z.array(z.string()),
    logRecordId: z.uuid(),
    results: z.array(searchResultSchema),
    timings: z.object({
      parseMs: z.number(),
      retrieveMs: z.number(),
      rankMs: z.number(),
      totalMs: z.number(),
      rewriteMs: z.number().optional(),
      providerMs: z.number().optional(),
    }),
    understood: z
      .object({
        original: z.string(),
        optimized: z.string(),
        schemaType: searchSchemaTypeSchema,
        filters: z.object({
          location: z.string().max(200).optional(),
          price: z
            .object({
              min: z.number().optional(),
              max: z.number().optional(),
              currency: z.string().max(3).optional(),
              text: z.string().max(200),
            })
            .optional(),
          dates: z
            .object({
              from: z.string().max(10).optional(),
              to: z.string().max(10).optional(),
              text: z.string().max(200),
            })
            .optional(),
          counts: z.record(z.string().max(30), z.number()).optional(),
          sites: z.array(z.string().max(253)).max(10).optional(),
        }),
        language: z.string().max(8),
      })
      .optional()
      .meta({
        description:
          'The query as understood: original and optimised wording, filters, schema type, language',
      }),
    sources: z
      .array(
        z.object({
          provider: z.string().max(50),
          status: searchSourceStatusSchema,
          reason: z.string().max(500).optional(),
          latencyMs: z.number(),
          attempts: z.number().int().min(0),
          results: z.number().int().min(0),
        }),
      )
      .max(20)
      .optional()
      .meta({ description: 'How each provider asked answered (failed sources say why)' }),
    costUsd: z.number().min(0).optional(),
    rankingVersion: z.string().max(50).optional(),
    cached: z.boolean().optional(),
  }),
});

/** What reading one search result gave: the orchestrator reports it, search learns domain trust from it. */
export const searchOutcome = defineEvent({
  subject: 'search.outcome.v1',
  description: 'Whether a search result led to usable evidence; search learns per-domain trust from these',
  payload: z
    .object({
      runId: runIdSchema,
      url: httpUrlSchema,
      outcome: z.enum(['useful', 'useless']),
    })
    .meta({ title: 'SearchOutcome' }),
});
