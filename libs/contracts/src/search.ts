import { z } from 'zod';
import { defineCommand } from './define.js';
import { httpUrlSchema, runIdSchema } from './common.js';

export const searchResultSchema = z.object({
  url: httpUrlSchema,
  title: z.string().max(500),
  snippet: z.string().max(2000),
  score: z.number(),
  provider: z.string().max(50),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchQuery = defineCommand({
  subject: 'search.query.v1',
  description: 'Parse, rewrite and run a query against the configured providers; ranked results',
  request: z
    .object({
      runId: runIdSchema,
      query: z.string().trim().min(1).max(1000),
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
    }),
  }),
});
