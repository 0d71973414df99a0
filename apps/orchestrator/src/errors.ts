import { UpstreamError } from '@forage/messaging';

/** An action the orchestrator needed on a page did not happen (the page or control was not there). */
export class ActionFailedError extends UpstreamError {
  override readonly name = 'ActionFailedError';
}
