import { ForageError } from '@forage/messaging';

/**
 * The idempotency key is taken: an earlier attempt did not finish (its outcome is unknown), or
 * the key was used for a different action. Retrying the same request cannot help: a form is
 * never submitted twice, so the caller must inspect the page or use a new key.
 */
export class ConflictError extends ForageError {
  override readonly name = 'ConflictError';
  readonly code = 'conflict';
  readonly retryable = false;
}

/** A `fill` named a secret handle this service does not hold. */
export class UnknownSecretHandleError extends ForageError {
  override readonly name = 'UnknownSecretHandleError';
  readonly code = 'not_found';
  readonly retryable = false;
}

/** The session was opened by another run: a run may only drive (and fill secrets into) its own pages. */
export class ForeignSessionError extends ForageError {
  override readonly name = 'ForeignSessionError';
  readonly code = 'blocked';
  readonly retryable = false;
}

/** Too many actions queued on one session, or every session slot stayed taken; try again later. */
export class SessionBusyError extends ForageError {
  override readonly name = 'SessionBusyError';
  readonly code = 'unavailable';
  readonly retryable = true;
}

/** The secrets file could not be read or is not a JSON map of handle → value (never quotes it). */
export class SecretsFileError extends Error {
  override readonly name = 'SecretsFileError';
}

/** The page of a session could not be read for an observation (navigating, crashed); retry after. */
export class SnapshotUnavailableError extends ForageError {
  override readonly name = 'SnapshotUnavailableError';
  readonly code = 'unavailable';
  readonly retryable = true;
}

/** An agent's action named a secret handle: secrets are only for the runs they were given to. */
export class SecretForbiddenToAgentError extends ForageError {
  override readonly name = 'SecretForbiddenToAgentError';
  readonly code = 'blocked';
  readonly retryable = false;
}

/** A stored profile does not open (sealed with another FORAGE_EVIDENCE_KEY, or altered); delete it to start afresh. */
export class ProfileUnreadableError extends ForageError {
  override readonly name = 'ProfileUnreadableError';
  readonly code = 'conflict';
  readonly retryable = false;
}

/** A profile's state is larger than a profile may be; it is not saved. */
export class ProfileTooLargeError extends ForageError {
  override readonly name = 'ProfileTooLargeError';
  readonly code = 'limit_reached';
  readonly retryable = false;
}

/** The browser profiles bucket is unreachable or refused a write (full: its storage quota). */
export class ProfileStoreUnavailableError extends ForageError {
  override readonly name = 'ProfileStoreUnavailableError';
  readonly code = 'unavailable';
  readonly retryable = true;
}
