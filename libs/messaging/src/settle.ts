import { ForageError, InvalidRequestError } from './errors.js';
import { UndecodableMessageError } from './codec.js';

/** What to do with a durable message after its handler ran: the four JetStream settlements. */
export type Settlement =
  | { readonly kind: 'ack' }
  | { readonly kind: 'nak'; readonly delayMs: number }
  | { readonly kind: 'dead-letter'; readonly reason: string };

/**
 * The retry decision, from the error's type alone: bad input and non-retryable errors go to the
 * dead-letter subject at once; anything else is retried with backoff until deliveries run out.
 */
export function settle(input: {
  error: unknown;
  deliveryCount: number;
  maxDeliver: number;
  backoff: (deliveryCount: number) => number;
}): Settlement {
  const { error, deliveryCount, maxDeliver } = input;
  if (error === undefined) return { kind: 'ack' };
  const message = error instanceof Error ? `${error.name}: ${error.message}` : JSON.stringify(error);
  if (error instanceof UndecodableMessageError || error instanceof InvalidRequestError) {
    return { kind: 'dead-letter', reason: message };
  }
  if (error instanceof ForageError && !error.retryable) return { kind: 'dead-letter', reason: message };
  if (deliveryCount >= maxDeliver) {
    return { kind: 'dead-letter', reason: `out of deliveries after ${deliveryCount}: ${message}` };
  }
  return { kind: 'nak', delayMs: input.backoff(deliveryCount) };
}
