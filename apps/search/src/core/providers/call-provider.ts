import type { ProviderHit, ProviderQuery, SearchProvider, SourceStatus } from './provider.js';
import { ProviderError, ProviderRateLimitedError, ProviderTimeoutError } from './provider-errors.js';
import type { RateLimiter } from './rate-limiter.js';

/** Per-provider limits: how long one attempt may take, how many retries, how long to back off. */
export interface ProviderPolicy {
  readonly timeoutMs: number;
  /** Further attempts after the first, for retryable failures only. */
  readonly retries: number;
  /** Base of the exponential back-off between attempts. */
  readonly backoffMs: number;
  /** The longest Retry-After we wait out inside one query; longer ones block the provider for later queries. */
  readonly maxRetryAfterMs: number;
}

/** What one source did for one query: on every reply, whatever happened. */
export interface SourceReport {
  readonly provider: string;
  readonly status: SourceStatus;
  /** Why, when the status is not ok. */
  readonly reason?: string;
  readonly latencyMs: number;
  readonly attempts: number;
  readonly results: number;
}

export interface ProviderCall {
  readonly report: SourceReport;
  readonly hits: ProviderHit[];
}

export interface CallClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/**
 * Asks one provider with its policy: waits for a rate-limit token, bounds each attempt by the
 * timeout, retries retryable failures with exponential back-off (a Retry-After wins when it is
 * given and short enough), and turns every outcome into a SourceReport.
 */
export async function callProvider(input: {
  provider: SearchProvider;
  query: ProviderQuery;
  policy: ProviderPolicy;
  limiter: RateLimiter;
  clock: CallClock;
}): Promise<ProviderCall> {
  const { provider, policy, limiter, clock } = input;
  const started = clock.now();
  const report = (
    status: SourceStatus,
    attempts: number,
    hits: ProviderHit[],
    reason?: string,
  ): ProviderCall => ({
    report: {
      provider: provider.name,
      status,
      ...(reason === undefined ? {} : { reason: reason.slice(0, 500) }),
      latencyMs: Math.round((clock.now() - started) * 100) / 100,
      attempts,
      results: hits.length,
    },
    hits,
  });
  let attempts = 0;
  for (;;) {
    const wait = limiter.reserve();
    if (wait > policy.timeoutMs) {
      limiter.release();
      return report(
        'rate_limited',
        attempts,
        [],
        `rate limit: next request allowed in ${Math.ceil(wait)} ms`,
      );
    }
    if (wait > 0) await clock.sleep(wait);
    attempts++;
    try {
      const hits = await withTimeout(provider.search(input.query), policy.timeoutMs);
      return hits.length > 0 ? report('ok', attempts, hits) : report('empty', attempts, [], 'no results');
    } catch (err) {
      const failure = asProviderError(err);
      const retryAfter = failure instanceof ProviderRateLimitedError ? failure.retryAfterMs : null;
      if (retryAfter !== null && retryAfter > policy.maxRetryAfterMs) {
        limiter.blockFor(retryAfter);
        return report(
          failure.status,
          attempts,
          [],
          `${failure.message}; Retry-After ${Math.ceil(retryAfter / 1000)} s`,
        );
      }
      if (!failure.retryable || attempts > policy.retries)
        return report(failure.status, attempts, [], failure.message);
      await clock.sleep(retryAfter ?? policy.backoffMs * 2 ** (attempts - 1));
    }
  }
}

function asProviderError(err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  return new (class extends ProviderError {
    override readonly name = 'ProviderFailure';
    readonly status = 'error';
    readonly retryable = false;
  })(err instanceof Error ? err.message : String(err));
}

/** The adapters bound their own requests; this bounds any provider, local ones included. */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new ProviderTimeoutError(`no answer within ${ms} ms`));
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => {
    clearTimeout(timer);
  });
}
