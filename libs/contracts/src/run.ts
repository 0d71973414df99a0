import { z } from 'zod';
import { defineCommand, defineEvent } from './define.js';
import { verdictRefSchema } from './verify.js';
import { secretHandleSchema } from './action.js';
import {
  evidenceRefSchema,
  httpUrlSchema,
  isoTimeSchema,
  questionTextSchema,
  runIdSchema,
} from './common.js';
import { runThreadSchema, threadIdSchema } from './thread.js';
import { answerDerivationSchema } from './derivation.js';
import { profileRefSchema } from './profile.js';

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
    /** The thread the run continues; absent: the run starts a thread of its own (id = its run id). */
    threadId: threadIdSchema.optional(),
    /**
     * The browser profile the run's browser session opens from (and saves back to when the run
     * ends); its owner is the API key that asked, named by the gateway, never by the caller.
     */
    profile: profileRefSchema.optional(),
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
  /**
   * Set when the answer (or a part of it) is not quoted from a page but derived from its citations
   * by a rule ("yes"/"no" from what each entity's page says, or an option chosen by comparing pages).
   */
  derived: z
    .array(
      z.object({
        text: z.string().max(2000),
        kind: answerDerivationSchema.shape.kind,
        rule: z.string().max(300),
        /** Indexes into `citations`: the snippets it was derived from. */
        citations: z.array(z.number().int().nonnegative()).min(1),
      }),
    )
    .optional(),
});
export type ReleasedAnswer = z.infer<typeof releasedAnswerSchema>;

export const runOutcomeSchema = z.enum(['answered', 'unverified', 'no_answer', 'failed', 'cancelled']);
export type RunOutcome = z.infer<typeof runOutcomeSchema>;

/** Where a run stands, as `GET /v1/runs/:id` reports it. */
export const runStateSchema = z
  .enum(['queued', 'running', 'needs_input', 'completed'])
  .meta({ description: 'needs_input: the run waits for answers to its questions (run.needs-input.v1)' });
export type RunState = z.infer<typeof runStateSchema>;

/** A memory key: the canonical name of a detail the user gave ("email", "check-in-date"). */
export const memoryKeySchema = z.string().regex(/^[a-z][a-z0-9-]{0,63}$/);

/** One follow-up question a run asks the user (once per run) for a detail the request lacks. */
export const inputQuestionSchema = z
  .object({
    key: memoryKeySchema,
    prompt: z.string().min(1).max(500),
    kind: z.enum(['text', 'email', 'phone', 'date', 'number', 'password']),
    /** Sensitive answers (passwords, card numbers) are kept only as secrets and used through handles. */
    sensitive: z.boolean(),
  })
  .meta({ title: 'InputQuestion' });
export type InputQuestion = z.infer<typeof inputQuestionSchema>;

export const runNeedsInput = defineEvent({
  subject: 'run.needs-input.v1',
  description:
    'A run waits for the user: the details it lacks (answered with run.input.v1), or a blocked page it will not bypass',
  payload: z
    .object({
      runId: runIdSchema,
      reason: z.string().min(1).max(1000),
      /** The page that needs the details (a form, a login wall, a captcha). */
      url: httpUrlSchema.optional(),
      questions: z.array(inputQuestionSchema).max(20),
      askedAt: isoTimeSchema,
      /** The run stops waiting then and goes on without the answers. */
      waitsUntil: isoTimeSchema,
    })
    .meta({ title: 'RunNeedsInput' }),
});

export const inputAnswerSchema = z.object({
  key: memoryKeySchema,
  value: z.string().max(2000),
});
export type InputAnswer = z.infer<typeof inputAnswerSchema>;

/** Body of `POST /v1/runs/:id/input`: answers by question key; none means "go on without them". */
export const runInputBodySchema = z
  .object({
    answers: z.array(inputAnswerSchema).max(20),
    /** Keep the answers in the memory bank for later runs (sensitive ones as secrets). */
    remember: z.boolean().default(true),
  })
  .meta({ title: 'RunInputBody' });
export type RunInputBody = z.infer<typeof runInputBodySchema>;

export const runInput = defineCommand({
  subject: 'run.input.v1',
  description: 'The user answers a run waiting in needs_input; refused when the run is not waiting',
  request: runInputBodySchema.extend({ runId: runIdSchema }).meta({ title: 'RunInput' }),
  reply: z.object({ accepted: z.boolean(), detail: z.string().max(1000) }),
});

/** How a fact in the report stands after verification. */
export const factStatusSchema = z.enum(['verified', 'rejected', 'not_checked']);

export const reportFactSchema = z.object({
  /** What the fact answers (a part of the question, a listed item's name, the task's result). */
  about: z.string().max(1000),
  value: z.string().max(5000),
  status: factStatusSchema,
  /** Why it is not verified, when it is not. */
  reason: z.string().max(2000).optional(),
  url: httpUrlSchema,
  snippet: z.string().max(2000),
  xpath: z.string().max(2000),
  /** The log record holding the page capture (the evidence id). */
  evidenceId: z.string().max(200),
  domSnapshot: evidenceRefSchema,
});
export type ReportFact = z.infer<typeof reportFactSchema>;

export const reportItemSchema = z.object({
  rank: z.number().int().positive(),
  name: z.string().max(1000),
  price: z.number().optional(),
  rating: z.number().optional(),
  status: factStatusSchema,
  url: httpUrlSchema,
  evidenceId: z.string().max(200),
});

export const runMetricsSchema = z.object({
  pages: z.number().int().nonnegative(),
  searches: z.number().int().nonnegative(),
  actions: z.number().int().nonnegative(),
  steps: z.number().int().nonnegative(),
  wallMs: z.number().nonnegative(),
  /** Why the loop stopped (sufficient, a limit, the deadline, a cancel). */
  stoppedBy: z.string().max(500),
  llm: z
    .object({
      calls: z.number().int().nonnegative(),
      promptTokens: z.number().int().nonnegative(),
      completionTokens: z.number().int().nonnegative(),
      costUsd: z.number().nonnegative(),
    })
    .nullable()
    .meta({ description: 'null when no LLM is configured' }),
});
export type RunMetrics = z.infer<typeof runMetricsSchema>;

/** The final report of a run: what `forage ask --json` prints and `GET /v1/runs/:id` returns. */
export const runReportSchema = z
  .object({
    question: z.string().max(1000),
    kind: z.enum(['fact', 'multi', 'listing', 'explore', 'task']),
    planner: z.enum(['heuristic', 'llm']),
    answer: z.string().max(20_000).nullable(),
    /** Every fact found, with its citation and verification status. */
    facts: z.array(reportFactSchema).max(200),
    /** A listing, ranked by the user's criteria. */
    items: z.array(reportItemSchema).max(200),
    /** What could not be found or verified. */
    unverified: z.array(z.object({ claim: z.string().max(2000), reason: z.string().max(2000) })).max(200),
    metrics: runMetricsSchema,
    /** The thread the run belongs to and how its question was read against the earlier turns. */
    thread: runThreadSchema.optional(),
  })
  .meta({ title: 'RunReport' });
export type RunReport = z.infer<typeof runReportSchema>;

/**
 * The task memory bank (MemAgent): details the user gave, reused by later runs. A JetStream KV
 * bucket, key = memory key; each entry has its own expiry, enforced on read, and is bound to the
 * site it was given for: used on another site only after asking the user. A sensitive value is
 * never stored here: only the handle of its secret.
 */
export const taskMemory = {
  bucket: 'forage-memory',
  entry: z
    .object({
      key: memoryKeySchema,
      label: z.string().min(1).max(200),
      value: z.union([z.string().max(2000), secretHandleSchema]),
      sensitive: z.boolean(),
      savedAt: isoTimeSchema,
      expiresAt: isoTimeSchema,
      /** The run that asked for it. */
      runId: runIdSchema,
      /** The site (origin) it was given for; absent on entries kept before details were bound. */
      origin: z.string().max(300).optional(),
    })
    .meta({ title: 'MemoryEntry' }),
} as const;
export type MemoryEntry = z.infer<typeof taskMemory.entry>;

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
    /** The final report (answer, facts with citations, listing, metrics). */
    report: runReportSchema.optional(),
    /** The thread the run belongs to (continue it with `threadId`). */
    thread: runThreadSchema.optional(),
  }),
});
