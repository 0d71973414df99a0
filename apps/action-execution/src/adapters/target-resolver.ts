import type { Locator, Page } from 'playwright-core';
import type { ElementFacts } from '../core/interpreter.js';

/** The element a target resolved to, which of its selectors found it, and what it is. */
export interface ResolvedTarget {
  readonly locator: Locator;
  readonly selector: string;
  /** how many elements the selector matched (the first visible one is used) */
  readonly matches: number;
  /** what the interpreter needs to know about the element, read with the match (null for waits) */
  readonly facts: ElementFacts | null;
}

/**
 * Tries a target's selectors in order of stability and takes the first that matches. When none
 * matches yet, waits (within `timeoutMs`) for any of them to appear, then says which one did.
 * Returns null when nothing matched in time. Matching and reading the element's facts take one
 * round trip to the page.
 */
export async function resolveTarget(input: {
  page: Page;
  selectors: readonly string[];
  timeoutMs: number;
}): Promise<ResolvedTarget | null> {
  const { page, selectors } = input;
  const found = await firstMatching(page, selectors);
  if (found) return found;
  const anyOf = selectors.map((s) => page.locator(s)).reduce((a, b) => a.or(b));
  try {
    await anyOf.first().waitFor({ state: 'attached', timeout: input.timeoutMs });
  } catch {
    return null;
  }
  return firstMatching(page, selectors);
}

async function firstMatching(page: Page, selectors: readonly string[]): Promise<ResolvedTarget | null> {
  for (const selector of selectors) {
    const all = page.locator(selector);
    let facts: ElementFacts[];
    try {
      facts = (await directFacts(page, selector)) ?? (await all.evaluateAll(readFacts));
    } catch {
      continue; // a malformed selector of one kind must not hide the others
    }
    if (facts.length === 0) continue;
    const visible = facts.findIndex((f) => f.visible);
    const index = Math.max(0, visible);
    return { locator: all.nth(index), selector, matches: facts.length, facts: facts[index] ?? null };
  }
  return null;
}

/** A selector the page's own DOM API can run: plain CSS (no Playwright engine or extension) or XPath. */
type DirectQuery = { readonly kind: 'css' | 'xpath'; readonly expression: string };

const ENGINE_PREFIX = /^(?:[a-z-]+=|internal:)/;
const PLAYWRIGHT_CSS =
  /:(?:has-text|text|text-is|text-matches|visible|nth-match|right-of|left-of|above|below|near)\(|:visible\b|>>/;

function directQuery(selector: string): DirectQuery | null {
  if (selector.startsWith('xpath=')) return { kind: 'xpath', expression: selector.slice('xpath='.length) };
  const css = selector.startsWith('css=') ? selector.slice('css='.length) : selector;
  if (ENGINE_PREFIX.test(css) || PLAYWRIGHT_CSS.test(css)) return null;
  return { kind: 'css', expression: css };
}

/**
 * The facts through one plain evaluation when the selector is plain CSS or XPath: about a third
 * of the cost of a locator query (which adopts every element across worlds), on the path of every
 * action. Null when the page cannot run it (an extension only Playwright knows) or finds nothing
 * (an element in a shadow root, which only Playwright's engines pierce): the locator then decides.
 */
async function directFacts(page: Page, selector: string): Promise<ElementFacts[] | null> {
  const query = directQuery(selector);
  if (!query) return null;
  const facts = await page.evaluate(readFacts, query).catch(() => null);
  return facts && facts.length > 0 ? facts : null;
}

/**
 * Reads the facts of every matched element: those a locator hands over, or those a plain query
 * finds (null when the page rejects it). Runs in the page, so it is self-contained.
 */
function readFacts(matched: Element[] | DirectQuery): ElementFacts[] {
  let elements: Element[];
  if (Array.isArray(matched)) elements = matched;
  else {
    try {
      if (matched.kind === 'css') elements = Array.from(document.querySelectorAll(matched.expression));
      else {
        const found = document.evaluate(
          matched.expression,
          document,
          null,
          XPathResult.ORDERED_NODE_SNAPSHOT_TYPE,
          null,
        );
        elements = [];
        for (let i = 0; i < found.snapshotLength; i++) {
          const node = found.snapshotItem(i);
          if (node instanceof Element) elements.push(node);
        }
      }
    } catch {
      return [];
    }
  }
  return elements.slice(0, 50).map((el) => {
    const html = el as HTMLElement;
    const tag = el.tagName.toLowerCase();
    const input = tag === 'input' ? (el as HTMLInputElement) : null;
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    const visible =
      el.isConnected &&
      style.visibility !== 'hidden' &&
      style.display !== 'none' &&
      box.width > 0 &&
      box.height > 0;
    const disabledByTree = el.closest('fieldset[disabled]') !== null && !el.closest('legend');
    const enabled =
      !(('disabled' in el && (el as HTMLButtonElement).disabled) || disabledByTree) &&
      el.getAttribute('aria-disabled') !== 'true';
    const readOnly =
      ('readOnly' in el && (el as HTMLInputElement).readOnly) || el.getAttribute('aria-readonly') === 'true';
    const type = input ? input.type.toLowerCase() : '';
    let implicitRole = tag;
    if (input)
      implicitRole =
        type === 'checkbox' || type === 'radio'
          ? type
          : ['submit', 'button', 'reset'].includes(type)
            ? 'button'
            : 'textbox';
    else if (tag === 'select') implicitRole = 'combobox';
    else if (tag === 'textarea') implicitRole = 'textbox';
    else if (tag === 'a') implicitRole = 'link';
    return {
      tag,
      inputType: type,
      role: el.getAttribute('role') ?? implicitRole,
      visible,
      enabled,
      editable: enabled && !readOnly,
      contentEditable: html.isContentEditable,
    };
  });
}
