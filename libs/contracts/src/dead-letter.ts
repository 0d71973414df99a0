import { defineEvent } from './define.js';
import { z } from 'zod';

/** Where a durable message goes when it cannot be processed: kept for an operator, never retried. */
export const deadLetterEvent = defineEvent({
  subject: 'dlq.message.v1',
  description: 'A durable message that was terminated: invalid, non-retryable failure, or out of deliveries',
  payload: z.object({
    stream: z.string(),
    consumer: z.string(),
    subject: z.string(),
    deliveries: z.number().int(),
    reason: z.string().max(2000),
    body: z.string().max(65_536),
    at: z.iso.datetime(),
  }),
});
