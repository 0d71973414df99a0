import type { Page } from 'playwright-core';
import { bounded } from './bounded.js';
import { cdpFor } from './cdp-session.js';

const SCREENSHOT_TIMEOUT_MS = 15_000;

export interface Screenshot {
  readonly png: Buffer;
  /** The page was taller than `maxHeight`: the picture stops there. */
  readonly clipped: boolean;
}

/**
 * A full-page PNG, taken over CDP with Chromium's fast PNG encoding (`optimizeForSpeed`: a lighter
 * zlib level, lossless still; about twice as fast as Playwright's `page.screenshot`, for ~30%
 * more bytes), at most `maxHeight` CSS pixels tall. Playwright's own screenshot is the fallback.
 */
export async function takeScreenshot(page: Page, options: { maxHeight: number }): Promise<Screenshot> {
  try {
    const cdp = await cdpFor(page);
    const metrics = await bounded({
      call: cdp.send('Page.getLayoutMetrics'),
      ms: 5_000,
      what: 'measuring the page for a screenshot',
    });
    const width = Math.max(1, Math.ceil(metrics.cssContentSize.width));
    const fullHeight = Math.max(1, Math.ceil(metrics.cssContentSize.height));
    const height = Math.min(fullHeight, options.maxHeight);
    const shot = await bounded({
      call: cdp.send('Page.captureScreenshot', {
        format: 'png',
        optimizeForSpeed: true,
        captureBeyondViewport: true,
        clip: { x: 0, y: 0, width, height, scale: 1 },
      }),
      ms: SCREENSHOT_TIMEOUT_MS,
      what: 'taking a screenshot',
    });
    return { png: Buffer.from(shot.data, 'base64'), clipped: height < fullHeight };
  } catch (err) {
    if (page.isClosed()) throw err;
  }
  const png = await bounded({
    call: page.screenshot({ fullPage: true, type: 'png', timeout: SCREENSHOT_TIMEOUT_MS - 1_000 }),
    ms: SCREENSHOT_TIMEOUT_MS,
    what: 'taking a screenshot',
  });
  return { png, clipped: false };
}
