import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '@forage/browser';

/** One click and one fill through bare playwright-core, timed (ms). */
export interface BareRounds {
  round(i: number): Promise<{ click: number; fill: number }>;
  close(): Promise<void>;
}

/** Bare playwright-core on the same page, same Chromium and flags, ready for rounds. */
export async function bareActions(input: { url: string }): Promise<BareRounds> {
  const browser: Browser = await chromium.launch({
    executablePath: findChromium(undefined),
    args: [...CHROMIUM_ARGS],
  });
  const page: Page = await (await browser.newContext()).newPage();
  await page.goto(input.url, { waitUntil: 'load' });
  return {
    async round(i) {
      let t = performance.now();
      await page.locator('#go').click({ timeout: 10_000 });
      const click = performance.now() - t;
      t = performance.now();
      await page.locator('#q').fill(`query ${i}`, { timeout: 10_000 });
      return { click, fill: performance.now() - t };
    },
    close: () => browser.close(),
  };
}
