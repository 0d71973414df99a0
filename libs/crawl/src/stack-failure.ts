import { RemoteError, RequestTimeoutError, ServiceUnavailableError, UpstreamError } from '@forage/messaging';

/**
 * The stack did not answer — nothing listening, no reply in time, the connection lost — as the
 * bus reports it locally (a service's own error arrives as a RemoteError instead). Such a failure
 * stops a crawl, resumable; any other failure of reading one page is that page's own.
 */
export function stackDidNotAnswer(err: unknown): boolean {
  return (
    err instanceof ServiceUnavailableError ||
    err instanceof RequestTimeoutError ||
    err instanceof UpstreamError
  );
}

/** A page's own failure as its record keeps it: a service's error as it says it (subject, code, message), else the error's name and message. */
export function pageFailureOf(err: unknown): string {
  const text =
    err instanceof RemoteError
      ? err.message
      : err instanceof Error
        ? `${err.name}: ${err.message}`
        : String(err);
  return text.slice(0, 500);
}
