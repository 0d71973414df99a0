import { categorizeBrowserError } from './failure-category.js';

describe('categorizeBrowserError', () => {
  it.each([
    ['page.goto: net::ERR_BLOCKED_BY_CLIENT at http://x/', 'blocked'],
    ['page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:9/', 'navigation_failed'],
    ['page.goto: Timeout 300ms exceeded.\nCall log:\n- navigating to "http://x/slow"', 'timeout'],
    [
      "locator.click: Timeout 500ms exceeded.\nCall log:\n- waiting for locator('#a')\n- element is not visible",
      'not_visible',
    ],
    [
      "locator.fill: Timeout 500ms exceeded.\nCall log:\n- waiting for locator('#a')\n- element is not enabled",
      'disabled',
    ],
    ['locator.click: Element is not attached to the DOM', 'detached'],
    ["locator.click: Timeout 500ms exceeded.\nCall log:\n- waiting for locator('#missing')", 'not_found'],
    ['locator.selectOption: Error: Element is not a <select> element', 'not_applicable'],
    ['something else entirely', 'unexpected'],
  ])('%s → %s', (message, category) => {
    expect(categorizeBrowserError(message)).toBe(category);
  });
});
