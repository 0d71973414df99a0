import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { PageCrashedError } from '../../errors.js';
import type { BrowserInstance } from './browser-instance.js';

const CRASH_EVENT_GRACE_MS = 50;
const CRASH_TEXT = /Target crashed|Page crashed|Renderer process crashed/i;
const CLOSED_TEXT =
  /Target page, context or browser has been closed|Browser has been closed|browser has disconnected/i;

/**
 * Runs work on a page, failing it with PageCrashedError the moment the page's renderer crashes or
 * the browser disconnects, instead of letting it wait for a timeout; a failure the crash caused
 * (Playwright's "Target crashed", "Page crashed", a closed target) is reported as the crash.
 */
export async function runUnlessCrashed<T>(input: {
  page: Page;
  instance: BrowserInstance;
  run: () => Promise<T>;
}): Promise<T> {
  const { page, instance } = input;
  let onCrash = (): void => undefined;
  let stopWatchingBrowser = (): void => undefined;
  const crashed = new Promise<never>((_, reject) => {
    onCrash = () => {
      reject(new PageCrashedError('the page crashed', 'page'));
    };
    page.once('crash', onCrash);
    stopWatchingBrowser = instance.onDisconnected(() => {
      reject(new PageCrashedError('Chromium disconnected', 'browser'));
    });
  });
  crashed.catch(() => undefined);
  try {
    const crash = asCrash(undefined, { page, instance });
    if (crash) throw crash;
    const working = input.run();
    working.catch(() => undefined);
    return await Promise.race([working, crashed]);
  } catch (err) {
    // a failure can arrive just before the crash event that explains it
    const crash =
      asCrash(err, { page, instance }) ??
      (await sleep(CRASH_EVENT_GRACE_MS), asCrash(err, { page, instance }));
    throw crash ?? err;
  } finally {
    page.off('crash', onCrash);
    stopWatchingBrowser();
  }
}

/** The crash behind `err` (or behind nothing, when the page or browser is known dead), if any. */
export function asCrash(
  err: unknown,
  where: { page?: Page | undefined; instance: BrowserInstance },
): PageCrashedError | null {
  if (err instanceof PageCrashedError) return err;
  if (where.instance.dead || !where.instance.connected)
    return new PageCrashedError('Chromium disconnected', 'browser');
  if (where.page && where.instance.crashedPages.has(where.page))
    return new PageCrashedError('the page crashed', 'page');
  if (err === undefined) return null;
  const text = messagesOf(err);
  if (CRASH_TEXT.test(text)) return new PageCrashedError('the page crashed', 'page');
  if (CLOSED_TEXT.test(text)) return new PageCrashedError('the page was closed under the request', 'page');
  return null;
}

function messagesOf(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    parts.push(e.message);
  return parts.join('\n');
}
