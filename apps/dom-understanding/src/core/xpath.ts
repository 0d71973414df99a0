import type { Element } from 'domhandler';
import { isElement } from '@forage/html';

const PLAIN_NAME = /^[a-z][a-z0-9-]*$/;

/**
 * The absolute XPath of an element, `/html[1]/body[1]/div[2]/p[3]`: every step carries its
 * 1-based position among same-named siblings, so the path names exactly one element in the live
 * DOM. Names that XPath cannot spell as a plain step (namespace prefixes) use `*[local-name()=…]`.
 */
export function xpathOf(node: Element): string {
  const steps: string[] = [];
  let current: Element | null = node;
  while (current) {
    steps.push(stepFor(current));
    current = isElement(current.parent) ? current.parent : null;
  }
  return `/${steps.reverse().join('/')}`;
}

/** Positions among same-named siblings, counted once per parent: a page of 5,000 sibling sections stays linear. */
const positions = new WeakMap<Element, number>();

function positionOf(el: Element): number {
  const known = positions.get(el);
  if (known !== undefined) return known;
  const siblings = el.parent ? el.parent.children : [el];
  const counts = new Map<string, number>();
  for (const sibling of siblings) {
    if (!isElement(sibling)) continue;
    const n = (counts.get(sibling.name) ?? 0) + 1;
    counts.set(sibling.name, n);
    positions.set(sibling, n);
  }
  return positions.get(el) ?? 1;
}

function stepFor(el: Element): string {
  const position = positionOf(el);
  if (PLAIN_NAME.test(el.name)) return `${el.name}[${position}]`;
  return `*[local-name()=${xpathLiteral(el.name)}][${position}]`;
}

/** An XPath 1.0 string literal for any text (XPath 1.0 has no escapes, so mixed quotes use concat()). */
export function xpathLiteral(value: string): string {
  if (!value.includes("'")) return `'${value}'`;
  if (!value.includes('"')) return `"${value}"`;
  return `concat(${value
    .split("'")
    .map((part) => `'${part}'`)
    .join(`, "'", `)})`;
}
