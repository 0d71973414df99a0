import { UpstreamError } from '@forage/messaging';

/** An action the orchestrator needed on a page did not happen (the page or control was not there). */
export class ActionFailedError extends UpstreamError {
  override readonly name = 'ActionFailedError';
}

/** A run reached its deadline; it ends with this reason instead of running on. Retrying would only repeat it. */
export class RunDeadlineError extends Error {
  override readonly name = 'RunDeadlineError';
  readonly retryable = false;
}
