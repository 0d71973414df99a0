import type { Element } from 'domhandler';
import { attr, otherItemsRegion } from '@forage/html';
import { xpathOf } from '../xpath.js';
import type { Field } from './field.js';
import { clip, nodeText } from './node-text.js';
import { hintsAround, insideAny, type PageContext } from './page-context.js';
import { currencyCode, findPrice, parsePriceValue, type ParsedPrice } from './price.js';

const STRUCK = new Set(['del', 's', 'strike']);
const CHROME = new Set(['nav', 'footer', 'header', 'aside']);
/** Class/id words for a price that is not the one to pay: a former, list, unit, per-month or shipping price. */
const NOT_THE_PRICE =
  /\b\w*(old|was|regular|list|compare|strike|crossed|original|before|msrp|rrp|uvp|save|saving|discount|per-?unit|unit-?price|baseprice|base-price|shipping|deliver|postage|fee|instal|monthly|month|reference|ref-price)\w*/;
const PRICE_HINT = /pri[cx]e|preis|prezzo|precio|preço|cena|цена|price/;
const CURRENT_HINT = /\b\w*(sale|current|final|special|now|actual|offer|our|selling|main|product)\w*/;
const MAX_PRICE_TEXT = 40;

interface Candidate {
  readonly el: Element;
  readonly price: ParsedPrice;
  readonly score: number;
}

/** Product price read from the page itself: meta tags first, then the best-placed price-looking element. */
export function pagePrice(ctx: PageContext): { price: Field<string>; currency?: Field<string> } | undefined {
  const fromMeta = metaPrice(ctx);
  if (fromMeta) return fromMeta;
  const best = candidates(ctx).sort((a, b) => b.score - a.score)[0];
  if (!best || best.score < 1) return undefined;
  const snippet = clip(nodeText(best.el), 200);
  const at = { xpath: xpathOf(best.el), snippet, origin: 'page-text' as const };
  return {
    price: { value: best.price.amount, ...at },
    ...(best.price.currency ? { currency: { value: best.price.currency, ...at } } : {}),
  };
}

function metaPrice(ctx: PageContext): { price: Field<string>; currency?: Field<string> } | undefined {
  for (const key of ['product:price:amount', 'og:price:amount', 'product:sale_price:amount', 'price']) {
    const el = ctx.meta.get(key);
    const content = el ? attr(el, 'content') : undefined;
    const parsed = content ? parsePriceValue(content) : undefined;
    if (!el || !parsed) continue;
    // the snippet is what the node says (its content attribute), as a verifier reads it again
    const at = { xpath: xpathOf(el), snippet: clip(content ?? '', 200), origin: 'meta' as const };
    const currencyEl = ctx.meta.get(key.replace('amount', 'currency')) ?? ctx.meta.get('pricecurrency');
    const written = currencyEl ? attr(currencyEl, 'content') : parsed.currency;
    const currency = written ? (currencyCode(written) ?? written.trim()) : undefined;
    return {
      price: { value: parsed.amount, ...at },
      ...(currency ? { currency: { value: currency, ...at } } : {}),
    };
  }
  return undefined;
}

function candidates(ctx: PageContext): Candidate[] {
  const titleAt = ctx.title ? (ctx.order.get(ctx.title) ?? 0) : 0;
  const amountCounts = new Map<string, number>();
  const found: { el: Element; price: ParsedPrice; hinted: boolean }[] = [];
  for (const el of ctx.elements) {
    const text = nodeText(el);
    if (text.length === 0 || text.length > MAX_PRICE_TEXT) continue;
    const hints = hintsAround(el, 1);
    const hinted = PRICE_HINT.test(hints);
    const price = findPrice(text) ?? (hinted ? parsePriceValue(text) : undefined);
    if (!price || Number(price.amount) <= 0) continue;
    // the innermost element carrying this price: skip a wrapper whose only priced child says the same
    found.push({ el, price, hinted });
    amountCounts.set(price.amount, (amountCounts.get(price.amount) ?? 0) + 1);
  }
  const innermost = found.filter(
    (f) => !found.some((g) => g !== f && g.el.parent === f.el && g.price.amount === f.price.amount),
  );
  return innermost.map(({ el, price, hinted }) => {
    const hints = hintsAround(el, 2);
    const at = ctx.order.get(el) ?? 0;
    let score = 0;
    if (hinted) score += 3;
    if (price.currency) score += 1;
    if (CURRENT_HINT.test(hints) && hinted) score += 1;
    if (NOT_THE_PRICE.test(hints)) score -= 4;
    if (insideAny(el, STRUCK)) score -= 5;
    // a rail of other items (related, recommended, sponsored…): the verifier never takes its prices
    if (otherItemsRegion(el)) score -= 6;
    else if (insideAny(el, CHROME)) score -= 3;
    if (ctx.title) {
      const distance = at - titleAt;
      if (distance >= 0 && distance < 150) score += 3 - distance / 75;
      else if (distance < 0) score -= 1;
    }
    if ((amountCounts.get(price.amount) ?? 0) > 1) score += 0.5;
    return { el, price, score };
  });
}
