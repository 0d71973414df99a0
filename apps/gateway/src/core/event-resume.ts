import type { RunEvent } from './run-board.js';

/** The SSE id of an event: a step's seq; the completion has its own id after every step. */
export function eventIdOf(event: RunEvent): string {
  if (event.type === 'step') return String(event.data.seq);
  return event.type === 'needs_input' ? `input-${event.data.askedAt}` : 'completed';
}

/**
 * Whether an event is still to be sent to a client that saw up to `lastEventId` (the
 * Last-Event-ID header of a reconnecting EventSource). Steps carry their seq; anything the client
 * has not seen (or an id it did not get from us) is sent.
 */
export function isAfter(event: RunEvent, lastEventId: string | undefined): boolean {
  if (lastEventId === undefined || !/^\d+$/.test(lastEventId)) return true;
  if (event.type !== 'step') return true;
  return event.data.seq > Number(lastEventId);
}
