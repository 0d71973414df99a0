import { z } from 'zod';
import { defineCommand } from './define.js';
import { evidenceRefSchema, httpUrlSchema, runIdSchema } from './common.js';
import { sourceSchema } from './source.js';
import { answerDerivationSchema } from './derivation.js';
import { CHUNK_SET_MAX_CHUNKS } from './dom.js';

/** A chunk of page text with everything needed to cite it (its `chunkId` is a Source's `nodeId`). */
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

/** The one way a chunk of a stored set is named in a run: the capture's log record and the chunk's id in its set. */
export const sourcedChunkId = (input: { logRecordId: string; chunkId: string }): string =>
  `${input.logRecordId}:${input.chunkId}`;

/**
 * Chunks to read from a stored chunk set, with the capture they cite: processing turns each
 * chunk into a SourcedChunk (url and title from the set; chunkId = `sourcedChunkId`).
 */
export const chunkSetSelectionSchema = z
  .object({
    chunkSet: evidenceRefSchema.extend({ kind: z.literal('chunk_set') }),
    domSnapshot: evidenceRefSchema.meta({ description: 'The stored DOM the chunks were cut from' }),
    logRecordId: z.uuid().meta({ description: 'The log record of the capture that stored domSnapshot' }),
    chunkIds: z.array(z.string().max(100)).max(CHUNK_SET_MAX_CHUNKS).optional().meta({
      description: 'Only these chunks of the set (their ids in the set); absent: every chunk',
    }),
  })
  .meta({ title: 'ChunkSetSelection' });
export type ChunkSetSelection = z.infer<typeof chunkSetSelectionSchema>;

export const normalizeChunks = defineCommand({
  subject: 'processing.normalize.v1',
  description: 'Normalise chunk text (Unicode, whitespace) and drop duplicate chunks',
  request: z.object({ runId: runIdSchema, chunks: z.array(sourcedChunkSchema).max(5000) }),
  reply: z.object({ chunks: z.array(sourcedChunkSchema), dropped: z.number().int().nonnegative() }),
});

/** What kind of span answers a question, read from the question alone. */
export const answerTypeSchema = z
  .enum(['name', 'person', 'place', 'number', 'date', 'yes_no', 'definition', 'list'])
  .meta({ title: 'AnswerType' });
export type AnswerType = z.infer<typeof answerTypeSchema>;

/** confidence = clamp(0.35 × retriever + 0.65 × qa) × lengthPenalty: the parts, as computed. */
export const confidenceComponentsSchema = z
  .object({
    retriever: z
      .number()
      .min(0)
      .max(1)
      .meta({ description: 'Retrieval score of the chunk, normalised to [0, 1]' }),
    qa: z
      .number()
      .min(0)
      .max(1)
      .meta({ description: 'How well the span answers: type, proximity, agreement' }),
    lengthPenalty: z
      .number()
      .min(0)
      .max(1)
      .meta({ description: '1, or less for spans under 2 or over 200 characters' }),
  })
  .meta({ title: 'ConfidenceComponents' });
export type ConfidenceComponents = z.infer<typeof confidenceComponentsSchema>;

export const scoredAnswerSchema = z.object({
  text: z.string().min(1).max(2000),
  confidence: z.number().min(0).max(1),
  /** The Source of the answer; v1 also carries `chunkId` (= nodeId) and keeps nodeId optional for v1 producers. */
  source: sourceSchema.extend({
    nodeId: sourceSchema.shape.nodeId.optional(),
    chunkId: z.string().max(100).meta({ description: 'Same as nodeId; kept for v1 readers' }),
  }),
  answerType: answerTypeSchema.optional(),
  components: confidenceComponentsSchema.optional(),
  /** Present when the text is derived (yes/no, a compared option), not a span: its evidence is here. */
  derivation: answerDerivationSchema.optional(),
});
export type ScoredAnswer = z.infer<typeof scoredAnswerSchema>;

/** A question needs at least one letter or digit (control characters and punctuation alone ask nothing). */
const questionSchema = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .refine((q) => /[\p{L}\p{N}]/u.test(q), { message: 'the question has no words' });

export const answerQuestion = defineCommand({
  subject: 'processing.answer.v1',
  description: 'Retrieve the chunks that answer a question and extract scored answers, or abstain',
  request: z
    .object({
      runId: runIdSchema,
      question: questionSchema,
      chunkSets: z.array(chunkSetSelectionSchema).max(500).meta({
        description: 'The chunk sets to answer from, by reference (chunk bodies never travel in the message)',
      }),
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
    expectedType: answerTypeSchema.optional(),
    /** The best candidate's confidence and its parts, reported even when the answer was withheld. */
    confidence: z.number().min(0).max(1).optional(),
    components: confidenceComponentsSchema.optional(),
    /** Where a second hop may find the answer: names the page about the question's subject mentions, each with a query (the name and the question's words that page does not state). */
    leads: z
      .array(z.object({ name: z.string().min(1).max(200), query: z.string().min(1).max(300) }))
      .max(5)
      .optional(),
    /** Tokens and cost of the LLM calls made for this answer (absent when no model was asked). */
    usage: z
      .object({
        calls: z.number().int().nonnegative(),
        promptTokens: z.number().int().nonnegative(),
        completionTokens: z.number().int().nonnegative(),
        costUsd: z.number().nonnegative(),
      })
      .optional(),
  }),
});

/** A passage the orchestrator has gathered (or just read) for a question, with where it came from. */
export const passageSchema = z
  .object({
    id: z.string().min(1).max(200),
    text: z.string().min(1).max(20_000),
    confidence: z.number().min(0).max(1).default(0),
    source: sourceSchema.optional(),
  })
  .meta({ title: 'Passage' });
export type Passage = z.infer<typeof passageSchema>;

export const aggregatePassages = defineCommand({
  subject: 'processing.aggregate.v1',
  description:
    'Decide for each new passage ADD, REPLACE (a redundant, weaker one) or IGNORE, and say which parts of the question are still missing',
  request: z
    .object({
      runId: runIdSchema,
      question: questionSchema,
      gathered: z.array(passageSchema).max(500),
      incoming: z.array(passageSchema).max(500),
    })
    .meta({ title: 'AggregatePassages' }),
  reply: z.object({
    decisions: z.array(
      z.object({
        passageId: z.string(),
        action: z.enum(['add', 'replace', 'ignore']),
        /** The gathered passage a REPLACE supersedes. */
        replaces: z.string().nullable(),
        reason: z.string().max(300),
      }),
    ),
    /** The question's parts (key terms) no kept passage covers: what the next search should aim at. */
    missing: z.array(z.string().max(200)),
    covered: z.array(z.string().max(200)),
  }),
});
export * from './processing-listings.js';
