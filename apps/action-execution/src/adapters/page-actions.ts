import type { Locator, Page } from 'playwright-core';
import type { PageAction } from '@forage/contracts';
import { navigateWithin } from '@forage/browser';
import { categorizeBrowserError } from '../core/failure-category.js';
import { resolveTarget, type ResolvedTarget } from './target-resolver.js';

/** A file ready to be set into a file input (bytes read from the evidence store). */
export interface UploadFile {
  readonly name: string;
  readonly mimeType: string;
  readonly buffer: Buffer;
}

/** Re-resolutions allowed when the element is replaced under the action (a re-render). */
const MAX_DETACHED_RETRIES = 2;

/**
 * The runner: performs exactly the requested action (nothing the page says can add another),
 * bounded by `timeoutMs`. Playwright waits for actionability (visible, stable, enabled,
 * receiving events); an element detached by a re-render is resolved again with the same
 * selector and the same action retried, at most twice, within the same budget. Anything else
 * is thrown to the caller, which reports it as a failure; nothing is retried into another action.
 */
export async function performAction(input: {
  page: Page;
  action: PageAction;
  target: ResolvedTarget | null;
  /** Where a drag drops its target. */
  dropTarget?: ResolvedTarget | null;
  fillValue: string | undefined;
  files: readonly UploadFile[];
  timeoutMs: number;
}): Promise<{ detail: string; retries: number }> {
  const deadline = Date.now() + input.timeoutMs;
  let target = input.target;
  for (let retries = 0; ; retries += 1) {
    try {
      const detail = await once({
        ...input,
        target: target?.locator,
        dropTarget: input.dropTarget?.locator,
        timeoutMs: Math.max(1, deadline - Date.now()),
      });
      return { detail, retries };
    } catch (err) {
      const detached =
        categorizeBrowserError(err instanceof Error ? err.message : String(err)) === 'detached';
      if (!detached || !target || retries >= MAX_DETACHED_RETRIES || Date.now() >= deadline) throw err;
      const again = await resolveTarget({
        page: input.page,
        selectors: [target.selector],
        timeoutMs: Math.max(1, deadline - Date.now()),
      });
      if (!again) throw err;
      target = again;
    }
  }
}

async function once(input: {
  page: Page;
  action: PageAction;
  target: Locator | undefined;
  dropTarget?: Locator | undefined;
  fillValue: string | undefined;
  files: readonly UploadFile[];
  timeoutMs: number;
}): Promise<string> {
  const { page, action, timeoutMs: timeout } = input;
  const el = (): Locator => {
    if (!input.target) throw new Error(`${action.type} needs a target`);
    return input.target;
  };
  switch (action.type) {
    case 'goto': {
      // a page whose load never finishes is acted on as it is, as dom-extraction reads it
      const { response, reached } = await navigateWithin({ page, url: action.url, timeoutMs: timeout });
      const status = response ? ` with HTTP ${String(response.status())}` : '';
      return reached === 'load'
        ? `loaded${status}`
        : `opened${status}; its load did not finish within ${String(timeout)} ms , so it is used as it is`;
    }
    case 'go_back': {
      const from = page.url();
      const response = await page.goBack({ timeout, waitUntil: 'load' });
      if (!response && page.url() === from)
        throw new Error('page.goBack: navigation failed: no earlier page');
      return response ? `went back (HTTP ${response.status()})` : 'went back';
    }
    case 'click':
      await el().click({ timeout });
      return 'clicked';
    case 'hover':
      await el().hover({ timeout });
      return 'hovered';
    case 'drag':
      if (!input.dropTarget) throw new Error('drag needs a place to drop');
      await el().dragTo(input.dropTarget, { timeout });
      return 'dragged and dropped';
    case 'fill':
      await el().fill(input.fillValue ?? '', { timeout });
      return typeof action.value === 'string'
        ? 'filled'
        : `filled from secret handle ${action.value.secretHandle}`;
    case 'select': {
      const selected = await el().selectOption(action.value, { timeout });
      return `selected ${selected.length} option(s)`;
    }
    case 'check':
    case 'uncheck': {
      const checked = action.type === 'check' ? action.checked : false;
      await el().setChecked(checked, { timeout });
      return checked ? 'checked' : 'unchecked';
    }
    case 'press':
      await el().press(action.key, { timeout });
      return 'pressed';
    case 'upload':
      await el().setInputFiles(
        input.files.map((f) => ({ name: f.name, mimeType: f.mimeType, buffer: f.buffer })),
        { timeout },
      );
      return `set ${input.files.length} file(s)`;
    case 'wait_for':
      await el().waitFor({ state: action.state, timeout });
      return `waited until ${action.state}`;
    case 'scroll':
      if (input.target) await input.target.scrollIntoViewIfNeeded({ timeout });
      if (action.deltaY !== 0) {
        await page.mouse.wheel(0, action.deltaY);
        // the wheel scrolls asynchronously: what the page does on scroll (load more) comes after it
        await scrollSettled(page, Math.min(1_500, timeout));
      }
      return input.target
        ? `scrolled the element into view and by ${action.deltaY}px`
        : `scrolled by ${action.deltaY}px`;
  }
}

/** Waits until the page's scroll position holds still for two frames (at most `withinMs`). */
async function scrollSettled(page: Page, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  let last = -1;
  while (Date.now() < deadline) {
    const y = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          // a page that renders no frames (hidden) still answers
          setTimeout(() => {
            resolve(window.scrollY);
          }, 200);
          requestAnimationFrame(() => {
            requestAnimationFrame(() => {
              resolve(window.scrollY);
            });
          });
        }),
    );
    if (y === last) return;
    last = y;
  }
}

/**
 * Waits, within what is left of the action's time, for a navigation the action started to
 * finish loading, so the after-evidence shows where the action led.
 */
export async function settleAfterAction(page: Page, remainingMs: number): Promise<void> {
  if (remainingMs <= 0) return;
  await page.waitForLoadState('load', { timeout: remainingMs }).catch(() => undefined);
}
