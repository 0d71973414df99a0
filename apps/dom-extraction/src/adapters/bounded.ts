import { BrowserTimeoutError } from '../errors.js';

/**
 * Puts a hard limit on one browser call. Playwright's own timeouts do not cover every call (or a
 * browser that stopped answering), so nothing waits on Chromium longer than `ms`. A result that
 * arrives after the limit is handed to `dispose` (close the page it opened) instead of leaking.
 */
export function bounded<T>(input: {
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
      reject(new BrowserTimeoutError(`browser did not finish ${input.what} within ${input.ms} ms`));
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
