import type { Page } from 'playwright-core';

/** What `withPage` hands to the work: the page, and whether this is the retry after a crash. */
export interface PageLease {
  readonly page: Page;
  readonly attempt: 1 | 2;
}

/** A reading of the supervisor: pages now, and counts since the process started. */
export interface BrowserPoolLoad {
  /** Page slots at work, of `capacity` (EXTRACT_MAX_PAGES); `waiting` requests queue for one. */
  readonly busy: number;
  readonly capacity: number;
  readonly waiting: number;
  /** Pages open in live browsers, at work or idle. */
  readonly open: number;
  /** PSS of the browsers' process trees at the last sample (every 5 s). */
  readonly memoryBytes: number;
  readonly launches: number;
  readonly retirements: number;
  readonly crashRetries: number;
}
