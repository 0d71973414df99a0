import { z } from 'zod';
import { citationSchema, runCompleted, runNeedsInput, runStateSchema, runStep } from './run.js';
import { isoTimeSchema, runIdSchema } from './common.js';
import { threadIdSchema } from './thread.js';

/** How the gateway checked a completion against the verifier's recorded verdict. */
export const verdictGateSchema = z
  .object({
    status: z.enum(['verified', 'partly_verified', 'refused', 'nothing_to_check']),
    verdictId: z.string().nullable(),
    reasons: z.array(z.string()),
    /** Citations removed because no verified claim stands behind them. */
    withheld: z.array(citationSchema),
  })
  .meta({
    title: 'VerdictGate',
    description: 'The gateway’s own check of a completion against its recorded verdict',
  });

/** Body of `GET /v1/runs/{runId}`. */
export const runViewSchema = z
  .object({
    runId: runIdSchema,
    question: z.string(),
    requestedAt: z.union([isoTimeSchema, z.literal('')]),
    status: runStateSchema,
    steps: z.array(runStep.payload),
    /** The questions the run asked last; answer them with `POST /v1/runs/{runId}/input`. */
    needsInput: runNeedsInput.payload.nullable(),
    /** The completion as shown: an answer only as far as the recorded verdict confirms it. */
    result: runCompleted.payload.nullable(),
    gate: verdictGateSchema.nullable(),
    /** The thread the run belongs to: pass it as `threadId` to ask a follow-up; null when unknown. */
    threadId: threadIdSchema.nullable(),
  })
  .meta({ title: 'RunView', description: 'A run: its steps so far and, once completed, its checked result' });
export type RunViewBody = z.infer<typeof runViewSchema>;

/** Body of `DELETE /v1/runs/{runId}`. */
export const cancelRunResponseSchema = z
  .object({ runId: runIdSchema, status: z.literal('cancelling') })
  .meta({ title: 'CancelRunResponse', description: 'The cancellation was sent to the orchestrator' });

/** Body of `POST /v1/runs/{runId}/input` when the orchestrator took the answers. */
export const runInputResponseSchema = z
  .object({ runId: runIdSchema, accepted: z.literal(true), detail: z.string() })
  .meta({ title: 'RunInputResponse' });
