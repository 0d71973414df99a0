import { z } from 'zod';

export const errorCodeSchema = z.enum([
  'invalid_request',
  'invalid_reply',
  'not_found',
  'timeout',
  'unavailable',
  'upstream_failed',
  'blocked',
  'egress_denied',
  'conflict',
  /** A bound was reached (sessions per key or overall); retry once one is closed. */
  'limit_reached',
  'internal',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorIssueSchema = z.object({ path: z.string(), message: z.string() });

/** The one error reply every command may answer with instead of its reply schema. */
export const errorReplySchema = z
  .object({
    error: z.object({
      code: errorCodeSchema,
      message: z.string(),
      retryable: z.boolean(),
      issues: z.array(errorIssueSchema).optional(),
    }),
  })
  .meta({ title: 'ErrorReply', description: 'Typed failure of a command' });
export type ErrorReply = z.infer<typeof errorReplySchema>;
export type ErrorIssue = z.infer<typeof errorIssueSchema>;

export function isErrorReply(value: unknown): value is ErrorReply {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    errorReplySchema.safeParse(value).success
  );
}
