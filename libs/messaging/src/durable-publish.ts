/**
 * Which failures of a JetStream publish are worth another attempt, and the bounded retry loop.
 * A durable publish carries a msgId, so the stream drops a second copy inside its duplicate
 * window: retrying after an ambiguous failure (a timeout whose ack was lost) stores it once.
 */
import { errors } from '@nats-io/transport-node';
import { JetStreamApiError, JetStreamError } from '@nats-io/jetstream';

/** Back-off between attempts while JetStream is away (a restarting server, a leader election). */
export const DURABLE_PUBLISH_BACKOFF_MS = { first: 100, max: 2_000 };

/**
 * Transient: no JetStream responder (server restarting or a stream leader not yet elected), no
 * ack in time, the connection between reconnects, a 503 status. Not transient: the server's API
 * refusing the message (wrong expected sequence, no stream for the subject), a closed or draining
 * connection, a permission violation — the same publish would fail again.
 */
export function isTransientPublishError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (e instanceof JetStreamApiError) return false;
    if (
      e instanceof errors.ClosedConnectionError ||
      e instanceof errors.DrainingConnectionError ||
      e instanceof errors.PermissionViolationError ||
      e instanceof errors.AuthorizationError
    ) {
      return false;
    }
    if (
      e instanceof errors.NoRespondersError ||
      e instanceof errors.TimeoutError ||
      e instanceof errors.ConnectionError
    ) {
      return true;
    }
    // a status reply (JetStreamStatusError): 503 no responders, 408 request timeout
    if (e instanceof JetStreamError && 'code' in e) return e.code === 503 || e.code === 408;
    // otherwise the cause decides: JetStreamNotEnabled ("jetstream is not enabled") wraps a RequestError
    // that wraps NoRespondersError; a RequestError without a cause ("connection closed") is final
  }
  return false;
}

/** Runs `attempt` until it succeeds, fails for good, or `retryForMs` has passed. */
export async function retryTransient<T>(
  attempt: () => Promise<T>,
  input: { retryForMs: number; isTransient?: (err: unknown) => boolean },
): Promise<{ value: T; attempts: number }> {
  const deadline = Date.now() + input.retryForMs;
  const transient = input.isTransient ?? isTransientPublishError;
  let delay = DURABLE_PUBLISH_BACKOFF_MS.first;
  for (let attempts = 1; ; attempts++) {
    try {
      return { value: await attempt(), attempts };
    } catch (err) {
      if (!transient(err) || Date.now() + delay >= deadline) throw err;
    }
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, DURABLE_PUBLISH_BACKOFF_MS.max);
  }
}
