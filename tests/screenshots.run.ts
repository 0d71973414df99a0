import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '@forage/browser';
import { startInProcessStack, waitAllHealthy } from './support/stack.js';
import { aSandboxCountry, askInPage, citedNodeText } from './support/ui-driver.js';

/**
 * `npm run screenshots [dir]`: PNGs of the web UI's main screens over a real in-process stack
 * (run through Jest for its TypeScript loader; not part of the test suite: the name does not end
 * in .test.ts). Writes to FORAGE_SCREENSHOTS_DIR.
 */
const dir = resolve(process.env['FORAGE_SCREENSHOTS_DIR'] ?? 'screenshots');

it('writes screenshots of the main screens', async () => {
  mkdirSync(dir, { recursive: true });
  const stack = await startInProcessStack();
  const browser = await chromium.launch({
    executablePath: findChromium(undefined),
    args: [...CHROMIUM_ARGS],
  });
  try {
    await waitAllHealthy(stack.services);
    const page = await browser.newPage({ viewport: { width: 1400, height: 950 } });
    const shot = (name: string) => page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
    const country = aSandboxCountry(1);
    await page.goto(`${stack.gatewayUrl}/`);
    await page.fill('#q', `What is the population of ${country.name}?`);
    await shot('01-ask');
    await page.click('#go');
    await page.waitForSelector('#steps li', { timeout: 120_000 });
    await shot('02-run-live');
    await page.waitForSelector('#result .answer-text', { timeout: 240_000 });
    await citedNodeText(page);
    await shot('03-report-and-evidence');
    await page.locator('#evidence').screenshot({ path: `${dir}/04-evidence.png` });
    await askInPage(page, {
      gatewayUrl: stack.gatewayUrl,
      question: `What is the capital of ${country.name}?`,
    });
    await page.click('#nav-runs');
    await page.waitForSelector('#runs tbody tr');
    await shot('05-past-runs');
    process.stdout.write(`screenshots written to ${dir}\n`);
  } finally {
    await browser.close();
    await stack.stop();
  }
}, 600_000);
