import type { Document, Element } from 'domhandler';
import { attr, descendants, isElement, isText, isHidden, isNeverRendered } from '@forage/html';
import { nodeText } from './node-text.js';

/** What the page-text readers share: visible elements in document order and where the main title sits. */
export interface PageContext {
  readonly doc: Document;
  readonly url: string;
  /** Visible elements in document order. */
  readonly elements: readonly Element[];
  readonly order: ReadonlyMap<Element, number>;
  /** The page's main heading (the h1 closest to the document title), if any. */
  readonly title?: Element;
  /** Page-level metadata by lower-cased property/name (`og:price:amount`, `product:availability`…). */
  readonly meta: ReadonlyMap<string, Element>;
}

export function pageContext(doc: Document, url: string): PageContext {
  const elements: Element[] = [];
  const visit = (el: Element): void => {
    if (isNeverRendered(el) || isHidden(el)) return;
    elements.push(el);
    for (const child of el.children) if (isElement(child)) visit(child);
  };
  for (const child of doc.children) if (isElement(child)) visit(child);
  const order = new Map(elements.map((el, i) => [el, i]));
  const meta = new Map<string, Element>();
  for (const m of descendants(doc, 'meta')) {
    const key = (attr(m, 'property') ?? attr(m, 'name') ?? attr(m, 'itemprop'))?.trim().toLowerCase();
    if (key && !meta.has(key) && attr(m, 'content') !== undefined) meta.set(key, m);
  }
  const ogTitle = meta.get('og:title');
  const docTitle = (
    (ogTitle ? attr(ogTitle, 'content') : undefined) ??
    descendants(doc, 'title').map((t) => t.children.map((c) => (isText(c) ? c.data : '')).join(''))[0] ??
    ''
  ).toLowerCase();
  const title = pickTitle(elements, docTitle);
  return { doc, url, elements, order, meta, ...(title ? { title } : {}) };
}

/**
 * The page's main heading: the h1 most like the document title; without an h1, the short heading or
 * title-classed element that repeats most of the document title.
 */
function pickTitle(elements: readonly Element[], docTitle: string): Element | undefined {
  const h1s = elements.filter((el) => el.name === 'h1' && nodeText(el).length > 0);
  if (h1s.length > 0) return bestOverlap(h1s, docTitle, 0)?.el;
  const others = elements.filter(
    (el) => /^h[2-4]$/.test(el.name) || (/title|name|heading/.test(hintsOf(el)) && el.children.length <= 3),
  );
  const best = bestOverlap(others, docTitle, 0.5);
  return best?.el;
}

function bestOverlap(
  candidates: readonly Element[],
  docTitle: string,
  minimum: number,
): { el: Element; score: number } | undefined {
  let best: { el: Element; score: number } | undefined;
  for (const el of candidates) {
    const text = nodeText(el).toLowerCase();
    if (text.length === 0 || text.length > 300) continue;
    const words = text.split(/\s+/).filter((w) => w.length > 2);
    const shared = words.filter((w) => docTitle.includes(w)).length;
    const score = words.length === 0 ? 0 : shared / words.length;
    if (score >= minimum && score > (best?.score ?? -1)) best = { el, score };
  }
  return best;
}

/** Lower-cased class, id and data-* attribute names and values: the hints authors leave about what an element is. */
export function hintsOf(el: Element): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(el.attribs)) {
    if (name === 'class' || name === 'id' || name === 'itemprop' || name === 'property' || name === 'name')
      parts.push(value);
    else if (name.startsWith('data-')) parts.push(name, value.length < 60 ? value : '');
  }
  return parts.join(' ').toLowerCase();
}

/** Hints of the element and its nearest ancestors (a price's class is often on its wrapper). */
export function hintsAround(el: Element, levels = 2): string {
  const parts: string[] = [];
  let cur: Element | undefined = el;
  for (let i = 0; i <= levels && cur; i++) {
    parts.push(hintsOf(cur));
    cur = isElement(cur.parent) ? cur.parent : undefined;
  }
  return parts.join(' ');
}

/** True when an element sits in page chrome or a strikethrough (nav, header, footer, aside, del/s). */
export function insideAny(el: Element, names: ReadonlySet<string>): boolean {
  for (let cur: Element | undefined = el; cur; cur = isElement(cur.parent) ? cur.parent : undefined)
    if (names.has(cur.name)) return true;
  return false;
}
