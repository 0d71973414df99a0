import { z } from 'zod';
import { defineCommand } from './define.js';
import { evidenceRefSchema, httpUrlSchema, runIdSchema } from './common.js';

/** A chunk of page text with everything needed to cite it. */
export const sourcedChunkSchema = z.object({
  chunkId: z.string().max(100),
  url: httpUrlSchema,
  title: z.string().max(1000),
  text: z.string().max(20_000),
  headingPath: z.array(z.string().max(500)).max(10),
  xpath: z.string().max(2000),
  domSnapshot: evidenceRefSchema,
  logRecordId: z.uuid(),
});
export type SourcedChunk = z.infer<typeof sourcedChunkSchema>;

export const normalizeChunks = defineCommand({
  subject: 'processing.normalize.v1',
  description: 'Normalise chunk text (Unicode, whitespace) and drop duplicate chunks',
  request: z.object({ runId: runIdSchema, chunks: z.array(sourcedChunkSchema).max(5000) }),
  reply: z.object({ chunks: z.array(sourcedChunkSchema), dropped: z.number().int().nonnegative() }),
});

export const scoredAnswerSchema = z.object({
  text: z.string().min(1).max(2000),
  confidence: z.number().min(0).max(1),
  source: sourcedChunkSchema
    .pick({ chunkId: true, url: true, title: true, xpath: true, domSnapshot: true, logRecordId: true })
    .extend({ snippet: z.string().min(1).max(2000) }),
});
export type ScoredAnswer = z.infer<typeof scoredAnswerSchema>;

export const answerQuestion = defineCommand({
  subject: 'processing.answer.v1',
  description: 'Retrieve the chunks that answer a question and extract scored answers, or abstain',
  request: z
    .object({
      runId: runIdSchema,
      question: z.string().trim().min(1).max(2000),
      chunks: z.array(sourcedChunkSchema).max(5000),
      maxAnswers: z.number().int().min(1).max(20).default(3),
      minConfidence: z.number().min(0).max(1).default(0.35),
    })
    .meta({ title: 'AnswerQuestion' }),
  reply: z.object({
    answers: z.array(scoredAnswerSchema),
    abstained: z.boolean(),
    reason: z.string().max(500).nullable(),
    method: z.enum(['heuristic', 'llm']),
    logRecordId: z.uuid(),
  }),
});
