import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { observeSettling, startSettling, type SettlePolicy, type SettleVerdict } from '../core/settle.js';
import { BrowserTimeoutError } from '../errors.js';
import { bounded } from './bounded.js';
import { waitForQuiet } from './in-page/settle-tracker.js';

const MEASURE_TIMEOUT_MS = 2_000;
/** Errors that only mean the page moved on to another document while we looked. */
const NAVIGATED = /Execution context was destroyed|navigat|Cannot find context/i;

/**
 * Waits after the load event until the page is quiet, for at most `policy.maxMs`: the in-page
 * tracker says when no fetch or short timer is pending and the DOM has been still for
 * `policy.quietMs`; then the requests Playwright sees in flight must have ended too. Pages
 * without the tracker fall back to polling the DOM size (core/settle.ts).
 */
export async function settlePage(input: {
  page: Page;
  inflight: () => number;
  policy: SettlePolicy;
}): Promise<SettleVerdict> {
  const { page, policy } = input;
  const startedAt = performance.now();
  for (;;) {
    const remaining = policy.maxMs - (performance.now() - startedAt);
    if (remaining <= 0) return 'gave_up';
    let verdict: Awaited<ReturnType<typeof waitForQuiet>>;
    try {
      verdict = await bounded({
        call: page.evaluate(waitForQuiet, { quietMs: policy.quietMs, maxMs: remaining }),
        ms: remaining + MEASURE_TIMEOUT_MS,
        what: 'waiting for the page to settle',
      });
    } catch (err) {
      if (err instanceof BrowserTimeoutError || !NAVIGATED.test(String(err))) throw err;
      await sleep(policy.pollMs);
      continue;
    }
    if (verdict === 'no_tracker') return pollDomSize({ ...input, maxMs: remaining });
    if (verdict === 'gave_up') return 'gave_up';
    if (input.inflight() === 0) return 'settled';
    await sleep(Math.min(policy.pollMs, remaining));
  }
}

/** Size of the live DOM, or -1 while the page is between documents (a script navigated). */
async function domSize(page: Page): Promise<number> {
  try {
    return await bounded({
      call: page.evaluate(() => (document.body as HTMLElement | null)?.innerHTML.length ?? 0),
      ms: MEASURE_TIMEOUT_MS,
      what: 'measuring the DOM',
    });
  } catch (err) {
    if (err instanceof BrowserTimeoutError || !NAVIGATED.test(String(err))) throw err;
    return -1;
  }
}

async function pollDomSize(input: {
  page: Page;
  inflight: () => number;
  policy: SettlePolicy;
  maxMs: number;
}): Promise<SettleVerdict> {
  // without the tracker a longer quiet period stands in for what it would have known
  const policy: SettlePolicy = {
    ...input.policy,
    quietMs: Math.max(300, input.policy.quietMs),
    maxMs: input.maxMs,
  };
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
