import { ForageError } from '@forage/messaging';

/**
 * The endpoint failed: an HTTP error (429, 5xx…), a timeout, a refused connection or an empty
 * reply. Callers fall back to their heuristic path.
 */
export class LlmUnavailableError extends ForageError {
  override readonly name = 'LlmUnavailableError';
  readonly code = 'upstream_failed';
  readonly retryable = true;
}

/** The model answered, but not with what was asked: not JSON, or JSON that fails the schema. */
export class LlmInvalidReplyError extends ForageError {
  override readonly name = 'LlmInvalidReplyError';
  readonly code = 'invalid_reply';
  readonly retryable = false;
  constructor(
    message: string,
    readonly content: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The model refused the request (the API's `refusal` field, or a refusal finish reason). */
export class LlmRefusalError extends ForageError {
  override readonly name = 'LlmRefusalError';
  readonly code = 'upstream_failed';
  readonly retryable = false;
}
