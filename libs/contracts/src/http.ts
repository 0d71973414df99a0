import { z } from 'zod';
import { runOptionsSchema } from './run.js';
import { httpUrlSchema, questionTextSchema } from './common.js';

/** Body of `POST /v1/runs` on the gateway. */
export const createRunBodySchema = z
  .object({
    question: questionTextSchema,
    options: runOptionsSchema.partial().optional(),
    /** Pages the user already has: read first, explored from. */
    urls: z.array(httpUrlSchema).max(10).optional(),
  })
  .meta({ title: 'CreateRunBody' });
export type CreateRunBody = z.infer<typeof createRunBodySchema>;

export const createRunResponseSchema = z.object({
  runId: z.uuid(),
  eventsUrl: z.string(),
  statusUrl: z.string(),
});
export type CreateRunResponse = z.infer<typeof createRunResponseSchema>;
