import type { Page } from 'playwright-core';
import type { PageAction } from '@forage/contracts';

/**
 * Performs exactly the requested action on the page (nothing the page says can add another),
 * bounded by `timeoutMs`. Playwright errors (no match, timeout, navigation failure) are thrown
 * to the caller, which turns them into a 'failed' outcome. `fillValue` is the literal or the
 * resolved secret; it is used here and never returned.
 */
export async function performAction(input: {
  page: Page;
  action: PageAction;
  fillValue: string | undefined;
  timeoutMs: number;
}): Promise<string> {
  const { page, action, timeoutMs } = input;
  const timeout = timeoutMs;
  switch (action.type) {
    case 'goto': {
      const response = await page.goto(action.url, { timeout, waitUntil: 'load' });
      return response ? `loaded with HTTP ${response.status()}` : 'loaded';
    }
    case 'click':
      await page.locator(action.locator).click({ timeout });
      return 'clicked';
    case 'fill':
      await page.locator(action.locator).fill(input.fillValue ?? '', { timeout });
      return typeof action.value === 'string'
        ? 'filled'
        : `filled from secret handle ${action.value.secretHandle}`;
    case 'select': {
      const selected = await page.locator(action.locator).selectOption(action.value, { timeout });
      return `selected ${selected.length} option(s)`;
    }
    case 'check':
      await page.locator(action.locator).setChecked(action.checked, { timeout });
      return action.checked ? 'checked' : 'unchecked';
    case 'press':
      await page.locator(action.locator).press(action.key, { timeout });
      return 'pressed';
    case 'scroll':
      await page.mouse.wheel(0, action.deltaY);
      return `scrolled by ${action.deltaY}px`;
  }
}

/**
 * Waits, within what is left of the action's time, for a navigation the action started to
 * finish loading, so the after-snapshot shows where the action led.
 */
export async function settleAfterAction(page: Page, remainingMs: number): Promise<void> {
  if (remainingMs <= 0) return;
  await page.waitForLoadState('load', { timeout: remainingMs }).catch(() => undefined);
}
