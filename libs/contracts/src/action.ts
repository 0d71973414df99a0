import { z } from 'zod';
import { defineCommand } from './define.js';
import { evidenceRefSchema, httpUrlSchema, runIdSchema } from './common.js';

/** A secret is never a value in a message: only a handle resolved inside action-execution. */
export const secretHandleSchema = z.object({ secretHandle: z.string().regex(/^[a-z0-9_.-]{1,100}$/) });

const target = z.object({ locator: z.string().min(1).max(2000) });
export const pageActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('goto'), url: httpUrlSchema }),
  target.extend({ type: z.literal('click') }),
  target.extend({ type: z.literal('fill'), value: z.union([z.string().max(10_000), secretHandleSchema]) }),
  target.extend({ type: z.literal('select'), value: z.string().max(1000) }),
  target.extend({ type: z.literal('check'), checked: z.boolean().default(true) }),
  target.extend({ type: z.literal('press'), key: z.string().min(1).max(50) }),
  z.object({ type: z.literal('scroll'), deltaY: z.number().int().min(-100_000).max(100_000) }),
]);
export type PageAction = z.infer<typeof pageActionSchema>;

export const executeAction = defineCommand({
  subject: 'action.execute.v1',
  description: "Perform one action on a session's page, at most once per idempotency key",
  request: z
    .object({
      runId: runIdSchema,
      sessionId: z.string().min(1).max(100),
      idempotencyKey: z.string().min(8).max(200),
      action: pageActionSchema,
      timeoutMs: z.number().int().min(100).max(60_000).default(10_000),
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
    evidence: z.object({ before: evidenceRefSchema.nullable(), after: evidenceRefSchema.nullable() }),
  }),
});
