import type { Element } from 'domhandler';
import { isProseRich, linkDensity, measureText, type TextStats } from '../dom/text-stats.js';
import { classAndId, detach, forEachElement, isElement, isText, parentElement } from '../dom/tree.js';
import { BOILERPLATE_IN_BODY, EMBED, classWeight } from './hints.js';

/** Tags that are never part of an article body once the body has been found. */
const ALWAYS_REMOVED: ReadonlySet<string> = new Set([
  'form',
  'fieldset',
  'footer',
  'aside',
  'figure',
  'figcaption',
  'h1',
  'nav',
  'header',
  'label',
]);
/** Containers judged by their content (link density, images, prose) and removed when they look like widgets. */
const CONDITIONAL: ReadonlySet<string> = new Set(['table', 'ul', 'ol', 'dl', 'div', 'section', 'center']);
const HEADINGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const LISTS: ReadonlySet<string> = new Set(['ul', 'ol']);

interface Counts {
  quoteChars: number;
  p: number;
  img: number;
  li: number;
  listChars: number;
  headingChars: number;
}

function countInside(el: Element, stats: ReadonlyMap<Element, TextStats>): Counts {
  const c: Counts = {
    quoteChars: 0,
    p: 0,
    img: stats.get(el)?.images ?? 0,
    li: 0,
    listChars: 0,
    headingChars: 0,
  };
  forEachElement(el, (e) => {
    if (e === el) return;
    if (e.name === 'p') c.p++;
    else if (e.name === 'blockquote' && !insideAny(e, el, QUOTE)) c.quoteChars += stats.get(e)?.chars ?? 0;
    else if (e.name === 'li') c.li++;
    else if (LISTS.has(e.name) && !insideAny(e, el, LISTS)) c.listChars += stats.get(e)?.chars ?? 0;
    else if (HEADINGS.has(e.name)) c.headingChars += stats.get(e)?.chars ?? 0;
  });
  return c;
}

function insideAny(el: Element, stop: Element, names: ReadonlySet<string>): boolean {
  for (let a = parentElement(el); a !== null && a !== stop; a = parentElement(a))
    if (names.has(a.name)) return true;
  return false;
}

function hasAncestor(el: Element, names: ReadonlySet<string>): boolean {
  for (let a = parentElement(el); a !== null; a = parentElement(a)) if (names.has(a.name)) return true;
  return false;
}

const CODE = new Set(['pre', 'code']);
const QUOTE = new Set(['blockquote']);

/** A table with header cells, a caption or a summary holds data, not layout. */
function isDataTable(table: Element): boolean {
  if (table.attribs['role'] === 'presentation') return false;
  if (table.attribs['summary']) return true;
  let data = false;
  forEachElement(table, (e) => {
    if (e.name === 'th' || e.name === 'caption' || e.name === 'thead') data = true;
  });
  return data;
}

/** Conditional cleaning (readability's, with prose counted as text runs rather than <p> tags). */
function isWidgetLike(el: Element, stats: ReadonlyMap<Element, TextStats>): boolean {
  const s = stats.get(el);
  if (s === undefined) return false;
  if (s.chars === 0) return el.name !== 'table';
  if (el.name === 'table' && isDataTable(el)) return false;
  if (hasAncestor(el, CODE)) return false;
  const weight = classWeight(el);
  if (weight < 0 && !isProseRich(s)) return true;
  if (s.commas >= 10) return false;
  const c = countInside(el, stats);
  // a wrapper around a quotation (an embedded post, a cited passage) is part of the story
  if (c.quoteChars / s.chars > 0.8) return false;
  const isList = LISTS.has(el.name) || c.listChars / s.chars > 0.9;
  const paras = Math.max(c.p, s.paras);
  const ld = linkDensity(s);
  return (
    (c.img > 1 && paras / c.img < 0.5 && !hasAncestor(el, new Set(['figure']))) ||
    (!isList && c.li - 100 > paras) ||
    (!isList && c.headingChars / s.chars < 0.9 && s.chars < 25 && (c.img === 0 || c.img > 2) && ld > 0) ||
    (!isList && weight < 25 && ld > 0.2) ||
    (weight >= 25 && ld > 0.5) ||
    (isList && ld > 0.5)
  );
}

/** Blocks inside the body whose names say they are sharing, promotion, bylines or captions. */
function isNamedBoilerplate(el: Element, stats: ReadonlyMap<Element, TextStats>): boolean {
  const names = classAndId(el);
  if (names === '' || !BOILERPLATE_IN_BODY.test(names) || EMBED.test(names)) return false;
  const s = stats.get(el);
  return s === undefined || !isProseRich(s);
}

/**
 * Removes what sits inside the chosen body but is not part of it: chrome tags, named boilerplate,
 * then (bottom-up, so a block is judged after its children) link-heavy or widget-like blocks.
 */
export function pruneBoilerplate(roots: readonly Element[]): void {
  for (const root of roots) {
    let stats = measureText(root);
    const doomed: Element[] = [];
    forEachElement(root, (el) => {
      if (el !== root && (ALWAYS_REMOVED.has(el.name) || isNamedBoilerplate(el, stats))) doomed.push(el);
    });
    for (const el of doomed) detach(el);
    stats = measureText(root);
    const conditional: Element[] = [];
    forEachElement(root, (el) => {
      if (el !== root && CONDITIONAL.has(el.name)) conditional.push(el);
    });
    // children before parents; a removed child no longer counts towards its parent's figures
    for (let i = conditional.length - 1; i >= 0; i--) {
      const el = conditional[i];
      if (el === undefined || el.parent === null) continue;
      if (isWidgetLike(el, stats)) {
        discount(el, root, stats);
        detach(el);
      }
    }
    removeEmptyParagraphs(root);
  }
}

/** Takes a removed block's figures off its ancestors' (up to the root), instead of re-measuring. */
function discount(el: Element, root: Element, stats: Map<Element, TextStats>): void {
  const s = stats.get(el);
  if (s === undefined) return;
  for (let a = parentElement(el); a !== null; a = parentElement(a)) {
    const t = stats.get(a);
    if (t !== undefined) {
      t.chars -= s.chars;
      t.linkChars -= s.linkChars;
      t.commas -= s.commas;
      t.stops -= s.stops;
      t.paras -= s.paras;
      t.images -= s.images;
    }
    if (a === root) break;
  }
}

function removeEmptyParagraphs(root: Element): void {
  const empty: Element[] = [];
  forEachElement(root, (el) => {
    if (el.name === 'p' && !el.children.some((c) => isElement(c) || (isText(c) && /\S/.test(c.data))))
      empty.push(el);
  });
  for (const el of empty) detach(el);
}
