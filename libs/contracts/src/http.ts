import { z } from 'zod';
import { runOptionsSchema } from './run.js';
import { httpUrlSchema, questionTextSchema } from './common.js';
import { threadIdSchema } from './thread.js';
import { profileNameSchema } from './profile.js';

/** Body of `POST /v1/runs` on the gateway. */
export const createRunBodySchema = z
  .object({
    question: questionTextSchema,
    options: runOptionsSchema.partial().optional(),
    /** Pages the user already has: read first, explored from. */
    urls: z.array(httpUrlSchema).max(10).optional(),
    /**
     * Continue this thread: the question may refer to its earlier turns ("its", "there", "the
     * second one", "and in …?"). The id a run's `thread.threadId` shows.
     */
    threadId: threadIdSchema.optional(),
    /**
     * Act in a browser started from this browser profile of the caller's API key (its cookies and
     * storage: a login made in a session or an earlier run is reused); saved back when the run ends.
     */
    profile: profileNameSchema.optional(),
  })
  .meta({ title: 'CreateRunBody' });
export type CreateRunBody = z.infer<typeof createRunBodySchema>;

export const createRunResponseSchema = z.object({
  runId: z.uuid(),
  /** The thread the run belongs to (the one asked for, or a new one: the run's own id). */
  threadId: threadIdSchema.optional(),
  eventsUrl: z.string(),
  statusUrl: z.string(),
});
export type CreateRunResponse = z.infer<typeof createRunResponseSchema>;
