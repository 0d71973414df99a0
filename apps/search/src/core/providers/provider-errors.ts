import type { SourceStatus } from './provider.js';

/** A provider failed; the class says how it is reported and whether another attempt may help. */
export abstract class ProviderError extends Error {
  abstract readonly status: Exclude<SourceStatus, 'ok' | 'empty'>;
  abstract readonly retryable: boolean;
}

/** No answer within the provider's timeout. */
export class ProviderTimeoutError extends ProviderError {
  override readonly name = 'ProviderTimeoutError';
  readonly status = 'timeout';
  readonly retryable = true;
}

/** HTTP 429 (or a local budget exhausted); `retryAfterMs` from the Retry-After header when given. */
export class ProviderRateLimitedError extends ProviderError {
  override readonly name = 'ProviderRateLimitedError';
  readonly status = 'rate_limited';
  readonly retryable = true;
  constructor(
    message: string,
    readonly retryAfterMs: number | null,
  ) {
    super(message);
  }
}

/** HTTP 401/403: the key is missing, wrong or not entitled; retrying cannot help. */
export class ProviderAuthError extends ProviderError {
  override readonly name = 'ProviderAuthError';
  readonly status = 'auth_failed';
  readonly retryable = false;
}

/** HTTP 5xx or a connection failure: the provider may answer a moment later. */
export class ProviderUnavailableError extends ProviderError {
  override readonly name = 'ProviderUnavailableError';
  readonly status = 'error';
  readonly retryable = true;
}

/** A body that is not the provider's documented format, or a 4xx other than auth and rate limit. */
export class ProviderResponseError extends ProviderError {
  override readonly name = 'ProviderResponseError';
  readonly status = 'error';
  readonly retryable = false;
}

/** Refused before sending: the egress guard or the provider's own configuration. */
export class ProviderRefusedError extends ProviderError {
  override readonly name = 'ProviderRefusedError';
  readonly status = 'error';
  readonly retryable = false;
}
