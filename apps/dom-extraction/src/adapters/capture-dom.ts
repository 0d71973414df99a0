import type { Page } from 'playwright-core';
import { bounded } from './bounded.js';
import { serializeLiveDom, type SerializedDom } from './in-page/serialize-dom.js';

const CAPTURE_TIMEOUT_MS = 15_000;
const MAX_FRAME_DEPTH = 3;
/** A same-origin frame bigger than this is left as a plain iframe (its content is not inlined). */
const MAX_FRAME_CHARS = 5_000_000;

/**
 * The live DOM with open shadow roots and same-origin iframes inline (see in-page/serialize-dom.ts),
 * and the title. If the in-page serialiser fails (a page that broke the DOM API it relies on),
 * Playwright's plain `page.content()` is used, so a capture is never lost to the extras.
 */
export async function captureDom(page: Page): Promise<SerializedDom> {
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
