import { z } from 'zod';
import { defineEvent } from './define.js';
import { verdictRefSchema } from './verify.js';
import {
  evidenceRefSchema,
  httpUrlSchema,
  isoTimeSchema,
  questionTextSchema,
  runIdSchema,
} from './common.js';

export const runOptionsSchema = z.object({
  maxPages: z.number().int().min(1).max(20).default(3),
});

export const runStartPayload = z
  .object({
    runId: runIdSchema,
    question: questionTextSchema,
    requestedAt: isoTimeSchema,
    options: runOptionsSchema.default({ maxPages: 3 }),
    urls: z.array(httpUrlSchema).max(10).optional(),
  })
  .meta({ title: 'RunStart' });

export const runStart = defineEvent({
  subject: 'run.start.v1',
  description: 'A user asked a question; published durably, consumed once by an orchestrator',
  payload: runStartPayload,
});

export const stepNameSchema = z.enum(['plan', 'search', 'extract', 'understand', 'act', 'answer', 'verify']);
export type StepName = z.infer<typeof stepNameSchema>;

export const runStep = defineEvent({
  subject: 'run.step.v1',
  description: 'Progress of a run: one step started, succeeded or failed',
  payload: z.object({
    runId: runIdSchema,
    seq: z.number().int().nonnegative(),
    step: stepNameSchema,
    status: z.enum(['started', 'succeeded', 'failed']),
    detail: z.string().max(2000),
    at: isoTimeSchema,
    durationMs: z.number().nonnegative().nullable(),
  }),
});

export const citationSchema = z.object({
  url: httpUrlSchema,
  title: z.string().max(1000),
  snippet: z.string().max(2000),
  xpath: z.string().max(2000),
  logRecordId: z.uuid(),
  evidence: z.object({ domSnapshot: evidenceRefSchema, screenshot: evidenceRefSchema.nullable() }),
});
export type Citation = z.infer<typeof citationSchema>;

export const releasedAnswerSchema = z.object({
  text: z.string(),
  confidence: z.number().min(0).max(1),
  citations: z.array(citationSchema).min(1),
});
export type ReleasedAnswer = z.infer<typeof releasedAnswerSchema>;

export const runOutcomeSchema = z.enum(['answered', 'unverified', 'no_answer', 'failed']);
export type RunOutcome = z.infer<typeof runOutcomeSchema>;

export const runCompleted = defineEvent({
  subject: 'run.completed.v1',
  description: 'The end of a run: a verified answer with citations, or why none was released',
  payload: z.object({
    runId: runIdSchema,
    outcome: runOutcomeSchema,
    answer: releasedAnswerSchema.nullable(),
    failures: z.array(z.object({ claim: z.string(), reason: z.string() })),
    completedAt: isoTimeSchema,
    durationMs: z.number().nonnegative(),
    /** The recorded verdict the answer rests on (verify.run.v1's `verdict`); readers fetch and check it. */
    verdict: verdictRefSchema.optional(),
  }),
});
