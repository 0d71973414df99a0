import { z } from 'zod';
import { defineCommand } from './define.js';
import { evidenceRefSchema, httpUrlSchema, isoTimeSchema, runIdSchema } from './common.js';
import { profileRefSchema } from './profile.js';

/** A secret is never a value in a message: only a handle resolved inside action-execution. */
export const secretHandleSchema = z.object({ secretHandle: z.string().regex(/^[a-z0-9_.-]{1,100}$/) });

/**
 * Where a run's secrets wait for action-execution (task memory, a JetStream KV bucket the
 * orchestrator writes through @forage/secrets): key `<runId>.<handle>`, so a handle resolves only
 * for the run that owns it. The value is sealed (AES-256-GCM, bound to the key and the expiry);
 * each entry carries its own expiry, enforced on read (nats-server 2.9 ignores per-key TTL).
 */
export const taskSecrets = {
  bucket: 'forage-task-secrets',
  ttlMs: 86_400_000,
  key: (input: { runId: string; handle: string }): string => `${input.runId}.${input.handle}`,
  entry: z
    .object({
      sealed: z
        .string()
        .min(1)
        .max(20_000)
        .meta({ description: 'base64 of version | key id | iv | tag | ciphertext' }),
      expiresAt: isoTimeSchema,
      /**
       * The only site (origin) the secret may be typed into; sealed with the value, so it cannot
       * be changed without breaking the seal. Absent: a secret not given for one site.
       */
      origin: z.string().max(300).optional(),
    })
    .meta({ title: 'TaskSecret' }),
} as const;

/**
 * What an action is aimed at, in any of the ways dom-understanding describes an element. The
 * resolver tries role+name, then CSS, XPath and text, and reports which one matched.
 */
export const actionTargetSchema = z
  .object({
    elementId: z
      .string()
      .max(100)
      .optional()
      .meta({ description: 'id from dom.understand.v1, for the record' }),
    role: z.string().min(1).max(50).optional(),
    name: z.string().max(500).optional(),
    css: z.string().min(1).max(2000).optional(),
    xpath: z.string().min(1).max(2000).optional(),
    text: z.string().min(1).max(500).optional(),
  })
  .refine(
    (t) => t.role !== undefined || t.css !== undefined || t.xpath !== undefined || t.text !== undefined,
    {
      message: 'a target needs role, css, xpath or text',
    },
  )
  .meta({ title: 'ActionTarget' });
export type ActionTarget = z.infer<typeof actionTargetSchema>;

/** A Playwright selector (v1) or a structured target; at least one of them. */
const target = z.object({
  locator: z.string().min(1).max(2000).optional(),
  target: actionTargetSchema.optional(),
});
const hasTarget = (a: { locator?: string | undefined; target?: ActionTarget | undefined }): boolean =>
  a.locator !== undefined || a.target !== undefined;
const targetRequired = { message: 'the action needs a locator or a target' };

/** A file to put into a file input, read from the evidence store (bytes never travel in messages). */
export const uploadFileSchema = z.object({
  name: z.string().min(1).max(255),
  file: evidenceRefSchema,
});

export const pageActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('goto'), url: httpUrlSchema }),
  z.object({ type: z.literal('go_back') }),
  target.extend({ type: z.literal('click') }).refine(hasTarget, targetRequired),
  target.extend({ type: z.literal('hover') }).refine(hasTarget, targetRequired),
  target
    .extend({ type: z.literal('fill'), value: z.union([z.string().max(10_000), secretHandleSchema]) })
    .refine(hasTarget, targetRequired),
  target.extend({ type: z.literal('select'), value: z.string().max(1000) }).refine(hasTarget, targetRequired),
  target
    .extend({ type: z.literal('check'), checked: z.boolean().default(true) })
    .refine(hasTarget, targetRequired),
  target.extend({ type: z.literal('uncheck') }).refine(hasTarget, targetRequired),
  target
    .extend({ type: z.literal('press'), key: z.string().min(1).max(50) })
    .refine(hasTarget, targetRequired),
  target
    .extend({ type: z.literal('upload'), files: z.array(uploadFileSchema).min(1).max(5) })
    .refine(hasTarget, targetRequired),
  target
    .extend({
      type: z.literal('wait_for'),
      state: z.enum(['visible', 'hidden', 'attached', 'detached']).default('visible'),
    })
    .refine(hasTarget, targetRequired),
  target.extend({ type: z.literal('scroll'), deltaY: z.number().int().min(-100_000).max(100_000) }),
  /** The target dragged with the mouse and dropped on `to` (a sortable item, a file to a folder). */
  target.extend({ type: z.literal('drag'), to: actionTargetSchema }).refine(hasTarget, targetRequired),
]);
export type PageAction = z.infer<typeof pageActionSchema>;

/** Why an action did not do what was asked; decided by the service, never by retrying something else. */
export const actionFailureCategorySchema = z.enum([
  'not_found',
  'not_visible',
  'disabled',
  'detached',
  'timeout',
  'navigation_failed',
  'blocked',
  'not_applicable',
  'unexpected',
]);
export type ActionFailureCategory = z.infer<typeof actionFailureCategorySchema>;

export const executeAction = defineCommand({
  subject: 'action.execute.v1',
  description: "Perform one action on a session's page, at most once per idempotency key",
  request: z
    .object({
      runId: runIdSchema,
      sessionId: z.string().min(1).max(100),
      idempotencyKey: z.string().min(8).max(200),
      traceId: z.string().min(1).max(100).optional(),
      action: pageActionSchema,
      timeoutMs: z.number().int().min(100).max(60_000).default(10_000),
      expect: z
        .object({
          urlChange: z.boolean().optional(),
          text: z.string().min(1).max(500).optional(),
        })
        .optional()
        .meta({ description: 'expected outcome; an action that ran but missed it is partial' }),
      /**
       * The browser profile the run's session opens from when this action opens it (the run's
       * profile, from its run.start); saved back when the run ends. Ignored by an open session.
       */
      profile: profileRefSchema.optional(),
    })
    .meta({ title: 'ExecuteAction' }),
  reply: z.object({
    sessionId: z.string(),
    idempotencyKey: z.string(),
    replayed: z.boolean().meta({ description: 'true when this key was already executed; nothing ran again' }),
    status: z.enum(['done', 'failed']),
    detail: z.string().max(2000),
    url: z.string(),
    logRecordId: z.uuid(),
    evidence: z.object({
      before: evidenceRefSchema.nullable(),
      after: evidenceRefSchema.nullable(),
      beforeScreenshot: evidenceRefSchema.nullable().optional(),
      afterScreenshot: evidenceRefSchema.nullable().optional(),
    }),
    outcome: z.enum(['success', 'fail', 'partial']).optional(),
    failure: z
      .object({ category: actionFailureCategorySchema, message: z.string().max(1000) })
      .nullable()
      .optional(),
    matchedLocator: z.string().max(2100).nullable().optional().meta({
      description: 'which of the target locators found the element',
    }),
    retries: z.number().int().nonnegative().optional(),
    urlChanged: z.boolean().optional(),
    dialogs: z
      .array(z.object({ type: z.string().max(50), message: z.string().max(1000) }))
      .max(10)
      .optional(),
    messages: z
      .array(z.object({ kind: z.enum(['confirmation', 'error', 'status']), text: z.string().max(500) }))
      .max(10)
      .optional()
      .meta({ description: 'confirmation or error text that appeared near the element or in alert regions' }),
    timings: z
      .object({
        actionMs: z.number().nonnegative(),
        evidenceMs: z.number().nonnegative(),
        totalMs: z.number().nonnegative(),
      })
      .optional(),
  }),
});
