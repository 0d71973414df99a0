import { z } from 'zod';
import { citationSchema, runCompleted, runNeedsInput, runStateSchema, runStep } from './run.js';
import { httpUrlSchema, isoTimeSchema, runIdSchema } from './common.js';
import { errorReplySchema } from './errors.js';
import { executeAction, pageActionSchema } from './action.js';
import { observeSession, openAgentSession } from './session.js';
import { listProfiles, profileNameSchema, profileSaveSchema } from './profile.js';
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

/** Body of `POST /v1/sessions`: a browser session, optionally opened on a page (egress rules apply). */
export const openSessionBodySchema = z
  .object({
    url: httpUrlSchema.optional().meta({ description: 'The page to open first' }),
    profile: profileNameSchema.optional().meta({
      description:
        'A browser profile of this API key: the session starts with its cookies and storage and saves them back when it closes (created if new)',
    }),
  })
  .meta({ title: 'OpenSessionBody' });
export type OpenSessionBody = z.infer<typeof openSessionBodySchema>;

/** A session as the gateway shows it: `runId` names its actions' log records and evidence. */
export const sessionViewSchema = z
  .object({
    sessionId: z.uuid(),
    runId: runIdSchema,
    /** The page the session is on (about:blank before its first navigation). */
    url: z.string().max(4096),
    createdAt: isoTimeSchema,
    /** When the session closes unless it is used before then (each use moves it). */
    expiresAt: isoTimeSchema,
    /** The start page's `goto`, when a URL was given. */
    opened: executeAction.reply.nullable(),
    /** The browser profile the session started from, when one was named. */
    profile: openAgentSession.reply.shape.profile.nullable(),
  })
  .meta({ title: 'SessionView', description: 'A browser session an agent drives' });
export type SessionView = z.infer<typeof sessionViewSchema>;

/** Query of `GET /v1/sessions/{id}/observe`: which slice of the elements and of the text to return. */
export const observeQuerySchema = z
  .object({
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
    limit: z.coerce.number().int().min(1).max(200).default(40),
    textOffset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    textLimit: z.coerce.number().int().min(0).max(20_000).default(3_000),
  })
  .meta({ title: 'ObserveQuery', description: 'Paging of an observation, so it fits an agent context' });
export type ObserveQuery = z.infer<typeof observeQuerySchema>;

/** One element of the page's inventory, compact: what it is, its state, and a locator to act on it. */
export const observedElementSchema = z
  .object({
    id: z.string().max(100),
    role: z.string().max(50),
    /** The accessible name (label, text, aria-label, placeholder…). */
    name: z.string().max(500),
    tag: z.string().max(50),
    type: z.string().max(40).optional(),
    /** Pass as `locator` in an action: the most stable way to find the element. */
    locator: z.string().max(2000),
    visible: z.boolean(),
    enabled: z.boolean(),
    required: z.boolean().optional(),
    checked: z.boolean().optional(),
    expanded: z.boolean().optional(),
    value: z.string().max(1000).optional(),
    options: z.array(z.object({ value: z.string(), label: z.string(), selected: z.boolean() })).optional(),
    /** The id of the form the element belongs to. */
    form: z.string().max(100).optional(),
  })
  .meta({ title: 'ObservedElement' });
export type ObservedElement = z.infer<typeof observedElementSchema>;

/** Body of `GET /v1/sessions/{id}/observe`: the current page, its elements and main text, one page of each. */
export const observationSchema = z
  .object({
    sessionId: z.uuid(),
    runId: runIdSchema,
    url: z.string().max(4096),
    title: z.string().max(1000),
    logRecordId: z.uuid(),
    evidence: observeSession.reply.shape.evidence,
    elements: z.object({
      total: z.number().int().nonnegative(),
      offset: z.number().int().nonnegative(),
      items: z.array(observedElementSchema),
      /** Pass as `offset` for the next elements; null after the last. */
      nextOffset: z.number().int().nonnegative().nullable(),
    }),
    text: z.object({
      total: z.number().int().nonnegative(),
      offset: z.number().int().nonnegative(),
      content: z.string(),
      /** Pass as `textOffset` for more text; null after the end. */
      nextOffset: z.number().int().nonnegative().nullable(),
    }),
  })
  .meta({
    title: 'Observation',
    description: "A session's current page: its element inventory and main text",
  });
export type Observation = z.infer<typeof observationSchema>;

const actFields = z.object({
  action: pageActionSchema.optional(),
  actions: z.array(pageActionSchema).min(1).max(20).optional(),
  /** Per action. */
  timeoutMs: z.number().int().min(100).max(60_000).default(10_000),
  idempotencyKey: z.string().min(8).max(150).optional().meta({
    description:
      'Send the same key to retry a request safely: an action it already ran is answered again (replayed: true), never run twice',
  }),
});
const oneOfActionOrActions = [
  (b: { action?: unknown; actions?: unknown }) => (b.action === undefined) !== (b.actions === undefined),
  { message: 'give `action` or `actions`, not both' },
] as const;

/** Body of `POST /v1/sessions/{id}/act`: one action or a list, run in order until one fails. */
export const actBodySchema = actFields
  .refine(...oneOfActionOrActions)
  .meta({ title: 'ActBody', description: 'Commands for the session page (pageActionSchema)' });
export type ActBody = z.infer<typeof actBodySchema>;

/** What one action did (with its before/after evidence), or the typed error that stopped it. */
export const actStepSchema = z.union([
  executeAction.reply.extend({ index: z.number().int().nonnegative() }),
  z.object({ index: z.number().int().nonnegative(), error: errorReplySchema.shape.error }),
]);
export type ActStep = z.infer<typeof actStepSchema>;

/** Reply of `POST /v1/sessions/{id}/act`: a result per action run; the list stops at the first that failed. */
export const actResponseSchema = z
  .object({
    sessionId: z.uuid(),
    runId: runIdSchema,
    results: z.array(actStepSchema),
    /** Actions not run because an earlier one failed. */
    skipped: z.number().int().nonnegative(),
  })
  .meta({ title: 'ActResponse' });
export type ActResponse = z.infer<typeof actResponseSchema>;

/** Body of `DELETE /v1/sessions/{id}`. */
export const closeSessionResponseSchema = z
  .object({
    sessionId: z.uuid(),
    runId: runIdSchema,
    closed: z.literal(true),
    /** Whether the session's state was saved to its browser profile, when it has one. */
    profile: profileSaveSchema.optional(),
  })
  .meta({ title: 'CloseSessionResponse' });
export type CloseSessionResponse = z.infer<typeof closeSessionResponseSchema>;

/** Inputs of the MCP session tools (`observe`, `act`, `close`): the HTTP bodies with the session id. */
const sessionIdField = { sessionId: z.uuid().meta({ description: 'The id `open` returned' }) };
export const sessionInputSchema = z.object(sessionIdField).meta({ title: 'SessionInput' });
export const observeInputSchema = observeQuerySchema.extend(sessionIdField).meta({ title: 'ObserveInput' });
export type ObserveInput = z.infer<typeof observeInputSchema>;
export const actInputSchema = actFields
  .extend(sessionIdField)
  .refine(...oneOfActionOrActions)
  .meta({ title: 'ActInput' });
export type ActInput = z.infer<typeof actInputSchema>;

/** Body of `GET /v1/profiles`: the caller's browser profiles, without their cookies or storage. */
export const profileListSchema = listProfiles.reply;
export type ProfileList = z.infer<typeof profileListSchema>;

/** Body of `DELETE /v1/profiles/{name}`. */
export const deleteProfileResponseSchema = z
  .object({ name: profileNameSchema, deleted: z.literal(true) })
  .meta({ title: 'DeleteProfileResponse' });
export type DeleteProfileResponse = z.infer<typeof deleteProfileResponseSchema>;
