import type { Element } from 'domhandler';
import { attr, isElement } from './dom.js';
import { roleOf } from './visibility.js';

/** class/id/aria-label words of containers that list other items than the page's own. */
const OTHER_ITEMS =
  /(?:^|[-_\s])(related|nearby|similar|recommend(?:ed|ations)?|also|sidebar|carousel|upsell|up-sell|cross-?sell|suggest(?:ed|ions)?|others|alternatives?|rail|sponsored)(?:$|[-_\s])/i;
const OTHER_REGION_TAGS = new Set(['aside', 'nav', 'footer']);

/**
 * The region about other things than the page's own item that an element sits in — an aside, a
 * navigation or footer, a complementary region, a container marked "related", "recommended",
 * "similar", "sponsored"… — described for a reader; undefined when it sits in none. One rule for
 * every service: what a reader proposes from such a region, the verifier would not accept.
 */
export function otherItemsRegion(element: Element): string | undefined {
  for (let el: Element | null = element; el; el = isElement(el.parent) ? el.parent : null) {
    if (OTHER_REGION_TAGS.has(el.name)) return `<${el.name}>`;
    if (roleOf(el) === 'complementary') return 'a complementary region';
    for (const name of ['class', 'id', 'aria-label'] as const) {
      const value = attr(el, name);
      if (value && OTHER_ITEMS.test(value)) return `a region marked "${value.slice(0, 60)}"`;
    }
  }
  return undefined;
}
