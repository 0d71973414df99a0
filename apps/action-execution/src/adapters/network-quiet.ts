import type { Page, Request } from 'playwright-core';

/** Longest wait for a page's requests to finish after an action (a slow API is not waited for). */
const QUIET_CAP_MS = 2_000;
/** Requests done for this long: the page has had time to show what they returned. */
const QUIET_FOR_MS = 250;

/**
 * Watches the requests a page makes from now on, so the evidence after an action shows what the
 * requests it started brought back (a status line filled in by a fetch), not the instant after.
 */
export function watchRequests(page: Page): { quiet(remainingMs: number): Promise<void>; stop(): void } {
  const inFlight = new Set<Request>();
  let last = 0;
  const started = (r: Request): void => {
    inFlight.add(r);
    last = Date.now();
  };
  const ended = (r: Request): void => {
    inFlight.delete(r);
    last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const stop = (): void => {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  };
  return {
    stop,
    async quiet(remainingMs) {
      const until = Date.now() + Math.min(QUIET_CAP_MS, Math.max(0, remainingMs));
      // nothing was requested: nothing to wait for
      while (last !== 0 && Date.now() < until) {
        if (inFlight.size === 0 && Date.now() - last >= QUIET_FOR_MS) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      stop();
    },
  };
}
