import { ForageError } from '@forage/messaging';

/**
 * The LLM endpoint failed: an HTTP error (429, 5xx…), a timeout, a refused connection or an empty
 * reply. The answer path falls back to heuristics, so this never reaches a caller.
 */
export class LlmUnavailableError extends ForageError {
  override readonly name = 'LlmUnavailableError';
  readonly code = 'upstream_failed';
  readonly retryable = true;
}
