import { ForageError } from '@forage/messaging';

/** Every page slot stayed busy for as long as the request could wait; another replica may have room. */
export class BrowserBusyError extends ForageError {
  override readonly name = 'BrowserBusyError';
  readonly code = 'unavailable';
  readonly retryable = true;
}

/** Chromium could not be started, or the pool is shutting down. */
export class BrowserUnavailableError extends ForageError {
  override readonly name = 'BrowserUnavailableError';
  readonly code = 'unavailable';
  readonly retryable = true;
}

/** A browser call exceeded its hard time limit; the page it ran on is discarded. */
export class BrowserTimeoutError extends ForageError {
  override readonly name = 'BrowserTimeoutError';
  readonly code = 'upstream_failed';
  readonly retryable = true;
}

/** No Chromium binary where configured or expected; the service cannot render anything. */
export class ChromiumNotFoundError extends Error {
  override readonly name = 'ChromiumNotFoundError';
}
