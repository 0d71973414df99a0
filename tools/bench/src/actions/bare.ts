import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '@forage/browser';

/** Click and fill latencies (ms) through bare playwright-core on the same page, same Chromium and flags. */
export async function bareActions(input: { url: string; rounds: number; warmup: number }): Promise<{
  click: number[];
  fill: number[];
}> {
  const browser = await chromium.launch({
    executablePath: findChromium(undefined),
    args: [...CHROMIUM_ARGS],
  });
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(input.url, { waitUntil: 'load' });
    const click: number[] = [];
    const fill: number[] = [];
    for (let i = 0; i < input.warmup + input.rounds; i += 1) {
      let t = performance.now();
      await page.locator('#go').click({ timeout: 10_000 });
      const c = performance.now() - t;
      t = performance.now();
      await page.locator('#q').fill(`query ${i}`, { timeout: 10_000 });
      const f = performance.now() - t;
      if (i >= input.warmup) {
        click.push(c);
        fill.push(f);
      }
    }
    return { click, fill };
  } finally {
    await browser.close();
  }
}
