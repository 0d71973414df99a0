import { ForageError } from '@forage/messaging';

/** The log database failed or is busy; the record is redelivered later. */
export class LogStoreUnavailableError extends ForageError {
  override readonly name = 'LogStoreUnavailableError';
  readonly code = 'upstream_failed';
  readonly retryable = true;
}

/** A record arrived with the id of a stored record but different content; retrying cannot fix it. */
export class RecordConflictError extends ForageError {
  override readonly name = 'RecordConflictError';
  readonly code = 'conflict';
  readonly retryable = false;
}

/** A record whose producer is not the tool service it speaks for; retrying cannot fix it. */
export class ProducerRejectedError extends ForageError {
  override readonly name = 'ProducerRejectedError';
  readonly code = 'invalid_request';
  readonly retryable = false;
}
