import { ForageError } from '@forage/messaging';

/** Logging did not answer before the trace deadline; verifying again later may succeed. */
export class TraceUnavailableError extends ForageError {
  override readonly name = 'TraceUnavailableError';
  readonly code = 'upstream_failed';
  readonly retryable = true;
}

/** Logging refused the trace query in a way a retry cannot fix (a contract mismatch). */
export class TraceQueryRejectedError extends ForageError {
  override readonly name = 'TraceQueryRejectedError';
  readonly code = 'upstream_failed';
  readonly retryable = false;
}

/** The evidence store could not be read at all (not a missing or tampered blob, which are verdicts). */
export class EvidenceUnavailableError extends ForageError {
  override readonly name = 'EvidenceUnavailableError';
  readonly code = 'upstream_failed';
  readonly retryable = true;
}
