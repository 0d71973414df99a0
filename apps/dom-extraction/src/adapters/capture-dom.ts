import type { Page } from 'playwright-core';
import { bounded } from './bounded.js';
import { RENDERED_HIDDEN_ATTRIBUTE } from '@forage/html';
import { markHiddenText, unmarkHiddenText } from './in-page/mark-hidden.js';
import { serializeLiveDom, type SerializedDom } from './in-page/serialize-dom.js';

const CAPTURE_TIMEOUT_MS = 15_000;
const MAX_FRAME_DEPTH = 3;
/** A same-origin frame bigger than this is left as a plain iframe (its content is not inlined). */
const MAX_FRAME_CHARS = 5_000_000;
/** Time for deciding which text a person could see; text not reached in time stays readable. */
const VISIBILITY_BUDGET_MS = 4_000;

/**
 * The live DOM with open shadow roots and same-origin iframes inline (see in-page/serialize-dom.ts),
 * and the title; every element whose text a person could not see on the rendered page carries
 * RENDERED_HIDDEN_ATTRIBUTE with the reason (in-page/mark-hidden.ts), stamped for the capture and
 * removed from the live page after it.
 */
export async function captureDom(page: Page): Promise<SerializedDom> {
  try {
    await bounded({
      call: page.evaluate(markHiddenText, {
        attribute: RENDERED_HIDDEN_ATTRIBUTE,
        budgetMs: VISIBILITY_BUDGET_MS,
      }),
      ms: CAPTURE_TIMEOUT_MS,
      what: 'deciding which text is visible',
    });
  } catch (err) {
    // a page that broke the DOM API is still captured (as the markup says it), not lost
    if (page.isClosed()) throw err;
  }
  try {
    return await serializeDom(page);
  } finally {
    if (!page.isClosed()) {
      await page.evaluate(unmarkHiddenText, { attribute: RENDERED_HIDDEN_ATTRIBUTE }).catch(() => undefined);
    }
  }
}

/**
 * If the in-page serialiser fails (a page that broke the DOM API it relies on), Playwright's plain
 * `page.content()` is used, so a capture is never lost to the extras.
 */
async function serializeDom(page: Page): Promise<SerializedDom> {
  try {
    const dom = await bounded({
      call: page.evaluate(serializeLiveDom, {
        maxFrameDepth: MAX_FRAME_DEPTH,
        maxFrameChars: MAX_FRAME_CHARS,
      }),
      ms: CAPTURE_TIMEOUT_MS,
      what: 'serialising the DOM',
    });
    if (typeof dom.html === 'string' && dom.html.length > 0) return dom;
  } catch (err) {
    if (page.isClosed()) throw err;
  }
  const html = await bounded({ call: page.content(), ms: CAPTURE_TIMEOUT_MS, what: 'serialising the DOM' });
  const title = await bounded({ call: page.title(), ms: CAPTURE_TIMEOUT_MS, what: 'reading the title' });
  return { html, title, shadowRoots: 0, frames: 0 };
}
