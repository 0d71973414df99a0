import type { Browser, BrowserContext } from 'playwright-core';
import { bounded } from '../bounded.js';
import type { EgressGuard } from '../egress-guard.js';
import { installSettleTracker } from '../in-page/settle-tracker.js';

/** The cookies of a context, carried into its replacement. */
export type SessionState = Awaited<ReturnType<BrowserContext['storageState']>>;

export const CALL_TIMEOUT_MS = 10_000;

/**
 * A browser context as every session gets it: our User-Agent, no service workers or downloads,
 * every request through the egress guard, the settle tracker before any page script, popups
 * closed. `state` seeds it with the cookies and storage of the context it replaces.
 */
export async function openContext(input: {
  browser: Browser;
  userAgent: string;
  guard: EgressGuard;
  state?: SessionState | undefined;
}): Promise<BrowserContext> {
  const context = await bounded({
    call: input.browser.newContext({
      userAgent: input.userAgent,
      serviceWorkers: 'block',
      acceptDownloads: false,
      ...(input.state ? { storageState: input.state } : {}),
    }),
    ms: CALL_TIMEOUT_MS,
    what: 'opening a browser context',
    dispose: (late) => late.close(),
  });
  try {
    await bounded({
      call: input.guard.protect(context),
      ms: CALL_TIMEOUT_MS,
      what: 'installing the egress guard',
    });
    await bounded({
      call: context.addInitScript(installSettleTracker),
      ms: CALL_TIMEOUT_MS,
      what: 'installing the settle tracker',
    });
  } catch (err) {
    await closeContext(context);
    throw err;
  }
  // popups are pages nobody asked for: close them instead of letting them render and fetch
  context.on('page', (page) => {
    void page
      .opener()
      .then((opener) => (opener ? page.close() : undefined))
      .catch(() => undefined);
  });
  return context;
}

export async function closeContext(context: BrowserContext): Promise<void> {
  await bounded({ call: context.close(), ms: CALL_TIMEOUT_MS, what: 'closing a context' }).catch(
    () => undefined,
  );
}

/**
 * The context's cookies, or undefined if it cannot say in time (crashed, closing). Only cookies:
 * Playwright reads local storage by opening a page per origin, which is too slow for a handover.
 */
export async function readSessionState(context: BrowserContext): Promise<SessionState | undefined> {
  try {
    const cookies = await bounded({ call: context.cookies(), ms: 2_000, what: 'reading session cookies' });
    return { cookies, origins: [] };
  } catch {
    return undefined;
  }
}
