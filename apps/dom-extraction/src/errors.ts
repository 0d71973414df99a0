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

/** A host's politeness limits (concurrency, delay, Crawl-delay) kept the request waiting past its budget. */
export class DomainBusyError extends ForageError {
  override readonly name = 'DomainBusyError';
  readonly code = 'unavailable';
  readonly retryable = true;
}

/** The page's renderer (or the whole browser) crashed again on the retry in a fresh context. */
export class RenderCrashedError extends ForageError {
  override readonly name = 'RenderCrashedError';
  readonly code = 'upstream_failed';
  readonly retryable = true;
}

/** The page or browser died under a request; the pool retries it once in a fresh context. */
export class PageCrashedError extends Error {
  override readonly name = 'PageCrashedError';
  constructor(
    message: string,
    readonly what: 'page' | 'browser',
  ) {
    super(message);
  }
}
