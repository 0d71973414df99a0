import type { Element } from 'domhandler';
import type { ProductAvailability } from '@forage/contracts';
import { attr, otherItemsRegion } from '@forage/html';
import { xpathOf } from '../xpath.js';
import { availabilityFromText, schemaAvailability } from './availability.js';
import type { Field } from './field.js';
import { clip, nodeText } from './node-text.js';
import { hintsAround, insideAny, type PageContext } from './page-context.js';

const STOCK_HINT = /avail|stock|inventory|lager|dispon|verfüg|наличи|zapas|voorraad/;
const CHROME = new Set(['nav', 'footer', 'header', 'aside']);

/**
 * Stock read from the page: a meta tag, else a short status element near the main title whose class
 * or id speaks of stock or availability, else a purchase button (enabled: in stock; disabled with an
 * out-of-stock label: out of stock).
 */
export function pageAvailability(ctx: PageContext): Field<ProductAvailability> | undefined {
  for (const key of ['product:availability', 'og:availability', 'availability']) {
    const el = ctx.meta.get(key);
    const content = el ? attr(el, 'content') : undefined;
    const value = content ? (schemaAvailability(content) ?? availabilityFromText(content)) : undefined;
    if (el && value)
      // the snippet is what the node holds (its content), as a verifier reads the tag
      return { value, xpath: xpathOf(el), snippet: clip(content ?? '', 200), origin: 'meta' };
  }
  const titleAt = ctx.title ? (ctx.order.get(ctx.title) ?? 0) : 0;
  const near = (el: Element): boolean => {
    const at = ctx.order.get(el) ?? 0;
    return !ctx.title || (at >= titleAt - 50 && at - titleAt < 400);
  };
  let button: { el: Element; value: ProductAvailability } | undefined;
  for (const el of ctx.elements) {
    // a stock line in the chrome or in a rail of other items is not the page's item's
    if (!near(el) || insideAny(el, CHROME) || otherItemsRegion(el)) continue;
    const text = nodeText(el);
    if (text.length === 0 || text.length > 80) continue;
    const hinted = STOCK_HINT.test(hintsAround(el, 1));
    const value = availabilityFromText(text);
    if (!value) continue;
    if (hinted) return field(el, value);
    if (!button && isPurchaseControl(el)) {
      const disabled = attr(el, 'disabled') !== undefined || attr(el, 'aria-disabled') === 'true';
      button = { el, value: disabled && value === 'InStock' ? 'OutOfStock' : value };
    }
  }
  return button ? field(button.el, button.value) : undefined;
}

function isPurchaseControl(el: Element): boolean {
  if (el.name === 'button') return true;
  if (el.name === 'input') return /submit|button/i.test(attr(el, 'type') ?? '');
  return attr(el, 'role') === 'button';
}

function field(el: Element, value: ProductAvailability): Field<ProductAvailability> {
  return { value, xpath: xpathOf(el), snippet: clip(nodeText(el), 200), origin: 'page-text' };
}
