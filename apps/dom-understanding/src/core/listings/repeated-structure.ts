import type { Document, Element } from 'domhandler';
import { attr, elementChildren, isElement, isChrome, isHidden, isNeverRendered } from '@forage/html';
import { nodeText } from './node-text.js';

/** A run of sibling elements built from one template: the cards of a result list or a product grid. */
export interface CardGroup {
  readonly container: Element;
  readonly cards: readonly Element[];
}

const MIN_CARDS = 2;
/** How alike two cards' inner structure must be (Jaccard of their tag paths) to come from one template. */
const MIN_SHAPE_SIMILARITY = 0.5;
const SHAPE_DEPTH = 4;

/**
 * Groups of repeated cards anywhere outside page chrome: siblings with the same tag and classes whose
 * inner structure (tag paths a few levels deep) is alike and which each carry some text. Nested
 * groups are kept only when their cards are not themselves inside a card of an outer group.
 */
export function findCardGroups(doc: Document): CardGroup[] {
  const groups: CardGroup[] = [];
  const visit = (el: Element): void => {
    if (isNeverRendered(el) || isHidden(el) || isChrome(el)) return;
    const children = elementChildren(el).filter((c) => !isNeverRendered(c) && !isHidden(c));
    const bySignature = new Map<string, Element[]>();
    for (const child of children) {
      const key = signature(child);
      bySignature.set(key, [...(bySignature.get(key) ?? []), child]);
    }
    for (const same of bySignature.values()) {
      if (same.length < MIN_CARDS) continue;
      const cards = alikeCards(same);
      if (cards.length >= MIN_CARDS) groups.push({ container: el, cards });
    }
    for (const child of children) visit(child);
  };
  for (const child of doc.children) if (isElement(child)) visit(child);
  return groups;
}

function signature(el: Element): string {
  const classes = (attr(el, 'class') ?? '').trim().split(/\s+/).filter(Boolean).sort().join('.');
  return `${el.name}.${classes}`;
}

/** The cards alike to the most common exact shape (linear: one shape key per card), when they carry text. */
function alikeCards(same: readonly Element[]): Element[] {
  const shapes = same.map((el) => ({ el, shape: shapeOf(el) }));
  const frequency = new Map<string, { count: number; shape: Set<string> }>();
  for (const s of shapes) {
    const key = [...s.shape].sort().join('|');
    const entry = frequency.get(key) ?? { count: 0, shape: s.shape };
    entry.count++;
    frequency.set(key, entry);
  }
  const reference = [...frequency.values()].reduce((best, e) => (e.count > best.count ? e : best)).shape;
  return shapes
    .filter((s) => similarity(s.shape, reference) >= MIN_SHAPE_SIMILARITY)
    .map((s) => s.el)
    .filter((el) => nodeText(el).length >= 3);
}

function shapeOf(el: Element): Set<string> {
  const paths = new Set<string>();
  const walk = (node: Element, path: string, depth: number): void => {
    if (depth > SHAPE_DEPTH) return;
    for (const child of elementChildren(node)) {
      const p = `${path}/${child.name}`;
      paths.add(p);
      walk(child, p, depth + 1);
    }
  };
  walk(el, el.name, 1);
  if (paths.size === 0) paths.add(`${el.name}#text`);
  return paths;
}

function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 1 : shared / union;
}
