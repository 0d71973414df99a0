import type { Document, Element } from 'domhandler';
import { attr, descendants, isElement, normalizeText, renderedText } from '@forage/html';
import { numbersIn } from '@forage/lexicon';

/** Elements a page strikes through by their nature. */
const STRUCK_TAGS = new Set(['del', 's', 'strike']);
/** Class and id words shops give a price that no longer applies ("old-price", "price--was", "size-strike"). */
const FORMER_WORDS = new Set([
  'old',
  'was',
  'strike',
  'struck',
  'strikethrough',
  'crossed',
  'oldprice',
  'wasprice',
]);

function isFormerPrice(el: Element): boolean {
  if (STRUCK_TAGS.has(el.name)) return true;
  if (/line-through/i.test(attr(el, 'style') ?? '')) return true;
  if (/^(?:old|was|regular|list)[-_ ]?price$/i.test(attr(el, 'data-price-type') ?? '')) return true;
  const words = `${attr(el, 'class') ?? ''} ${attr(el, 'id') ?? ''}`
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w !== '');
  return words.some((w) => FORMER_WORDS.has(w));
}

/**
 * The amounts a page shows as former prices: struck through (`<del>`, `<s>`, `line-through`) or
 * marked by the shop's own markup as the old price. A careful reader does not take them for the
 * item's price.
 */
export function formerPrices(doc: Document): number[] {
  const out = new Set<number>();
  for (const el of descendants(doc)) {
    if (!isFormerPrice(el)) continue;
    const text = normalizeText(renderedText(el));
    if (text.length > 60) continue;
    for (const m of numbersIn(text)) if (m.amount > 0) out.add(m.amount);
  }
  return [...out];
}

/**
 * The amounts a node shows as they stand now: its text without the former prices inside it (none
 * when the node itself, or an element around it, is a former price). An amount a page strikes in
 * one place (a variant's old price, a rail) and states plain at the cited node is a current price there.
 */
export function currentAmountsAt(node: Element): number[] {
  for (let el: Element | null = node; el; el = isElement(el.parent) ? el.parent : null)
    if (isFormerPrice(el)) return [];
  const text = normalizeText(renderedText(node, { skip: isFormerPrice }));
  return numbersIn(text)
    .map((m) => m.amount)
    .filter((a) => a > 0);
}
