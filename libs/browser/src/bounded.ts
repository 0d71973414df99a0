/** A browser call that did not finish within its limit; the browser may be stuck, so do not reuse what it returned. */
export class BrowserCallTimeoutError extends Error {
  override readonly name: string = 'BrowserCallTimeoutError';
}

/**
 * Puts a hard limit on one browser call. Playwright's own timeouts do not cover every call (or a
 * browser that stopped answering), so nothing waits on Chromium longer than `ms`. A result that
 * arrives after the limit is handed to `dispose` (close what it opened) instead of leaking.
 */
export function boundedCall<T>(input: {
  call: Promise<T>;
  ms: number;
  what: string;
  dispose?: (late: T) => unknown;
}): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new BrowserCallTimeoutError(`browser did not finish ${input.what} within ${input.ms} ms`));
    }, input.ms);
  });
  const settled = input.call.then((value) => {
    if (timedOut && input.dispose) void Promise.resolve(input.dispose(value)).catch(() => undefined);
    return value;
  });
  // the losing side of the race must not surface as an unhandled rejection
  settled.catch(() => undefined);
  return Promise.race([settled, deadline]).finally(() => {
    clearTimeout(timer);
  });
}
