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

/**
 * A page the user named (--url, `urls`) was refused by policy (egress guard). The run ends with
 * the refusal's own words, which name the address class and the setting that would allow it,
 * instead of answering from other pages as if the user had not asked for that one.
 */
export class UserPageRefusedError extends Error {
  override readonly name = 'UserPageRefusedError';
  readonly retryable = false;
}

/**
 * A question of a thread refers to something ("its", "the second one") that neither the earlier
 * turns nor the user's answer settle: the run ends without an answer rather than guess.
 */
export class UnsettledReferenceError extends Error {
  override readonly name = 'UnsettledReferenceError';
  readonly retryable = false;
}
