import { z } from 'zod';
import { defineCommand } from './define.js';
import { evidenceRefSchema, runIdSchema } from './common.js';
import { executeAction } from './action.js';
import { profileNameSchema, profileRefSchema, profileSaveSchema } from './profile.js';

/**
 * A browser session an agent drives through the gateway (`/v1/sessions`, the MCP tools `open`,
 * `observe`, `act`, `close`). Its actions are `action.agent-execute.v1` under the session's own run
 * id, so they are logged in the audit chain like a run's; two more commands observe and end it.
 * Only the gateway may send them, and action-execution keeps agent sessions and a run's sessions
 * apart: neither kind of request reaches the other kind of session, and agents get no secrets.
 */
const sessionRequest = z.object({
  /** The session's run: only this run may observe or close it (action-execution checks). */
  runId: runIdSchema,
  sessionId: z.string().min(1).max(100),
  traceId: z.string().min(1).max(100).optional(),
});

export const executeAgentAction = defineCommand({
  subject: 'action.agent-execute.v1',
  description:
    "Perform one action on an agent session's page (the gateway's), at most once per idempotency key; never on a run's session, never with a secret handle",
  // an agent session's profile is chosen when it opens (action.open.v1), never per action
  request: executeAction.request.omit({ profile: true }).meta({ title: 'ExecuteAgentAction' }),
  reply: executeAction.reply,
});

/**
 * Opens an agent session's browser context before its first action, from a browser profile's
 * stored state: the context saves its state back to the profile when the session closes.
 */
export const openAgentSession = defineCommand({
  subject: 'action.open.v1',
  description:
    "Open an agent session's browser context from a browser profile (its cookies and storage), saved back when the session closes",
  request: sessionRequest.extend({ profile: profileRefSchema }).meta({ title: 'OpenAgentSession' }),
  reply: z
    .object({
      sessionId: z.string(),
      profile: z.object({
        name: profileNameSchema,
        /** false: the profile is new (saved for the first time when the session closes). */
        restored: z.boolean(),
        origins: z.array(z.string().max(300)).max(200),
      }),
    })
    .meta({ title: 'AgentSessionOpened' }),
});

export const observeSession = defineCommand({
  subject: 'action.observe.v1',
  description:
    "Capture an agent session's current page as evidence (DOM snapshot, screenshot) with its main text, without acting on it",
  request: sessionRequest.meta({ title: 'ObserveSession' }),
  reply: z
    .object({
      sessionId: z.string(),
      /** The page's URL (about:blank before the first navigation). */
      url: z.string().max(4096),
      title: z.string().max(1000),
      /** The log record holding this observation's evidence. */
      logRecordId: z.uuid(),
      evidence: z.object({ domSnapshot: evidenceRefSchema, screenshot: evidenceRefSchema.nullable() }),
      /** The page's main text (boilerplate removed), capped. */
      mainText: z.string().max(200_000),
      truncated: z.boolean(),
    })
    .meta({ title: 'SessionObservation' }),
});

export const closeSession = defineCommand({
  subject: 'action.close.v1',
  description: "Close an agent session's page and browser context (its evidence and log records stay)",
  request: sessionRequest.meta({ title: 'CloseSession' }),
  reply: z.object({
    sessionId: z.string(),
    /** false when the session was not open here (already closed or expired). */
    closed: z.boolean(),
    /** Set when the session was opened from a browser profile. */
    profile: profileSaveSchema.optional(),
  }),
});
