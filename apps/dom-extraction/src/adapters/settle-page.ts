import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import {
  DEFAULT_SETTLE,
  observeSettling,
  startSettling,
  type SettlePolicy,
  type SettleVerdict,
} from '../core/settle.js';
import { BrowserTimeoutError } from '../errors.js';
import { bounded } from './bounded.js';

const MEASURE_TIMEOUT_MS = 2_000;

/** Size of the live DOM, or -1 while the page is between documents (a script navigated). */
async function domSize(page: Page): Promise<number> {
  try {
    return await bounded({
      call: page.evaluate(() => (document.body as HTMLElement | null)?.innerHTML.length ?? 0),
      ms: MEASURE_TIMEOUT_MS,
      what: 'measuring the DOM',
    });
  } catch (err) {
    if (err instanceof BrowserTimeoutError) throw err;
    return -1;
  }
}

/**
 * Waits after the load event until the DOM stopped changing and the network went quiet, for at
 * most `policy.maxMs` (see core/settle.ts); says which of the two ended the wait.
 */
export async function settlePage(input: {
  page: Page;
  inflight: () => number;
  policy?: SettlePolicy;
}): Promise<SettleVerdict> {
  const policy = input.policy ?? DEFAULT_SETTLE;
  let state = startSettling(performance.now());
  for (;;) {
    const sample = {
      domSize: await domSize(input.page),
      inflight: input.inflight(),
      atMs: performance.now(),
    };
    const step = observeSettling(state, sample, policy);
    if (step.verdict !== 'waiting') return step.verdict;
    state = step.state;
    await sleep(policy.pollMs);
  }
}
