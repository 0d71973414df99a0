import type { CDPSession, Page } from 'playwright-core';
import { bounded } from './bounded.js';

const sessions = new WeakMap<Page, Promise<CDPSession>>();

/** One CDP session per page, opened on first use and reused while the page lives. */
export function cdpFor(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = bounded({
      call: page.context().newCDPSession(page),
      ms: 5_000,
      what: 'opening a CDP session',
      dispose: (late) => late.detach(),
    });
    session.catch(() => sessions.delete(page));
    sessions.set(page, session);
  }
  return session;
}
