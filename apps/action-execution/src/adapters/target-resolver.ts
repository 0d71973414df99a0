import type { Locator, Page } from 'playwright-core';
import type { ElementFacts } from '../core/interpreter.js';

/** The element a target resolved to, and which of its selectors found it. */
export interface ResolvedTarget {
  readonly locator: Locator;
  readonly selector: string;
  /** how many elements the selector matched (the first visible one is used) */
  readonly matches: number;
}

/**
 * Tries a target's selectors in order of stability and takes the first that matches. When none
 * matches yet, waits (within `timeoutMs`) for any of them to appear, then says which one did.
 * Returns null when nothing matched in time.
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
    let matches: number;
    try {
      matches = await all.count();
    } catch {
      continue; // a malformed selector of one kind must not hide the others
    }
    if (matches === 0) continue;
    const visible = all.filter({ visible: true });
    const locator = matches > 1 && (await visible.count()) > 0 ? visible.first() : all.first();
    return { locator, selector, matches };
  }
  return null;
}

/** Reads what the interpreter needs to know about the element, in one round trip. */
export function readElementFacts(locator: Locator, timeoutMs: number): Promise<ElementFacts> {
  return locator.evaluate(
    (el: Element) => {
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
        ('readOnly' in el && (el as HTMLInputElement).readOnly) ||
        el.getAttribute('aria-readonly') === 'true';
      return {
        tag,
        inputType: input ? input.type.toLowerCase() : '',
        role: el.getAttribute('role') ?? implicitRole(tag, input),
        visible,
        enabled,
        editable: enabled && !readOnly,
        contentEditable: html.isContentEditable,
      };

      function implicitRole(t: string, i: HTMLInputElement | null): string {
        if (i) {
          const type = i.type.toLowerCase();
          if (type === 'checkbox' || type === 'radio') return type;
          if (type === 'submit' || type === 'button' || type === 'reset') return 'button';
          return 'textbox';
        }
        if (t === 'select') return 'combobox';
        if (t === 'textarea') return 'textbox';
        if (t === 'a') return 'link';
        return t;
      }
    },
    undefined,
    { timeout: timeoutMs },
  );
}
