import { z } from 'zod';
import { defineCommand, defineEvent } from './define.js';
import { isoTimeSchema, questionTextSchema, runIdSchema } from './common.js';
import { runCompleted, runOutcomeSchema, runStateSchema } from './run.js';

/** Where a run stands in the history: from its start event, its steps and its completion. */
export const runHistoryStatusSchema = runStateSchema;
export type RunHistoryStatus = z.infer<typeof runHistoryStatusSchema>;

/**
 * The orchestrator announces each run.needs-input.v1 with a step whose detail starts with this;
 * that step is not a sign the run went on (any later step is).
 */
export const NEEDS_INPUT_STEP_PREFIX = 'needs_input:';

/** Whether a step shows that a run asked at `askedAt` has gone on (answered, or stopped waiting). */
export function stepResumesRun(step: { at: string; detail: string }, askedAt: string): boolean {
  return Date.parse(step.at) >= Date.parse(askedAt) && !step.detail.startsWith(NEEDS_INPUT_STEP_PREFIX);
}

/** Who started a run: the API key's id, or null when the gateway required none. */
export const runOwnerSchema = z.string().min(1).max(100).nullable();

/** One run as the history keeps it (the database, not a service's memory). */
export const runSummarySchema = z
  .object({
    runId: runIdSchema,
    question: z.string().max(1000),
    status: runHistoryStatusSchema,
    outcome: runOutcomeSchema.nullable(),
    /** The released answer's text, when there is one. */
    answer: z.string().max(20_000).nullable(),
    requestedAt: isoTimeSchema,
    completedAt: isoTimeSchema.nullable(),
    durationMs: z.number().nonnegative().nullable(),
    steps: z.number().int().nonnegative(),
    owner: runOwnerSchema,
  })
  .meta({ title: 'RunSummary', description: 'One run in the history' });
export type RunSummary = z.infer<typeof runSummarySchema>;

/** Opaque paging cursor: where the previous page ended. */
export const runsCursorSchema = z.string().min(1).max(300);

export const runsListFilterSchema = z
  .object({
    status: runHistoryStatusSchema.optional(),
    outcome: runOutcomeSchema.optional(),
    /** Runs requested at or after this time. */
    since: isoTimeSchema.optional(),
    /** Runs requested before this time. */
    until: isoTimeSchema.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(20),
    cursor: runsCursorSchema.optional(),
  })
  .meta({ title: 'RunsListFilter', description: 'Filters and paging of the runs history' });
export type RunsListFilter = z.infer<typeof runsListFilterSchema>;

export const runsPageSchema = z
  .object({
    runs: z.array(runSummarySchema),
    /** Pass as `cursor` for the next (older) page; null on the last page. */
    nextCursor: runsCursorSchema.nullable(),
  })
  .meta({ title: 'RunsPage', description: 'One page of runs, newest first' });
export type RunsPage = z.infer<typeof runsPageSchema>;

export const listRuns = defineCommand({
  subject: 'runs.list.v1',
  description: 'A page of the runs history (newest first), filtered; `owner` limits it to one caller’s runs',
  request: runsListFilterSchema.extend({
    /** Only runs of this owner (the gateway sets it from the API key). */
    owner: z.string().min(1).max(100).optional(),
    /** Only these runs (a detail lookup). */
    runIds: z.array(runIdSchema).min(1).max(200).optional(),
  }),
  reply: runsPageSchema,
});

export const runDetailSchema = z
  .object({
    summary: runSummarySchema,
    /** The completion as published (the gateway gates it against the recorded verdict again). */
    completion: runCompleted.payload.nullable(),
  })
  .meta({ title: 'RunDetail' });
export type RunDetail = z.infer<typeof runDetailSchema>;

export const getRunHistory = defineCommand({
  subject: 'runs.get.v1',
  description: 'One run from the history with its completion; null when the history has no such run',
  request: z.object({ runId: runIdSchema }),
  reply: z.object({ run: runDetailSchema.nullable() }),
});

export const claimRun = defineCommand({
  subject: 'runs.claim.v1',
  description: 'Records who started a run (its API key), before the run is queued',
  request: z.object({ runId: runIdSchema, owner: z.string().min(1).max(100), question: questionTextSchema }),
  reply: z.object({ runId: runIdSchema, owner: z.string() }),
});

export const runCancel = defineEvent({
  subject: 'run.cancel.v1',
  description: 'A user cancelled a run: the orchestrator stops it and completes it as failed',
  payload: z
    .object({ runId: runIdSchema, requestedAt: isoTimeSchema, reason: z.string().max(500) })
    .meta({ title: 'RunCancel' }),
});
