import { ForageError, InvalidRequestError } from '@forage/messaging';

/**
 * The LLM endpoint failed: an HTTP error (429, 5xx…), a timeout, a refused connection or an empty
 * reply. The answer path falls back to heuristics, so this never reaches a caller.
 */
export class LlmUnavailableError extends ForageError {
  override readonly name = 'LlmUnavailableError';
  readonly code = 'upstream_failed';
  readonly retryable = true;
}

/**
 * The question has nothing to look for: no letters or digits (control characters, punctuation) or
 * only words every question has ("what is it?"). Refused with a typed error, never answered.
 */
export class QuestionWithoutContentError extends InvalidRequestError {
  override readonly name = 'QuestionWithoutContentError';
}
