import type { Document, Element, ParentNode } from 'domhandler';
import { elementChildren } from '@forage/html';

/** Why an XPath named no element of a snapshot. */
export type XPathMiss = { readonly found: false; readonly reason: string };
export type XPathHit = { readonly found: true; readonly element: Element };

/** `name[n]`, `name` (position 1), or `*[local-name()='name'][n]` — the steps dom-understanding writes. */
const STEP = /^(?:([a-z][a-z0-9-]*)|\*\[local-name\(\)=(?:'([^']*)'|"([^"]*)")\])(?:\[(\d+)\])?$/i;

/**
 * Resolves an absolute, positional XPath (`/html[1]/body[1]/div[2]/p[3]`, as dom-understanding's
 * `xpathOf` writes them; a missing position means 1) in a parsed snapshot. Anything else — relative
 * paths, `//`, attribute predicates — is refused rather than guessed at: a claim must name exactly
 * one element.
 */
export function resolveXPath(doc: Document, xpath: string): XPathHit | XPathMiss {
  const path = xpath.trim();
  if (path === '') return { found: false, reason: 'the claim names no XPath' };
  if (!path.startsWith('/') || path.startsWith('//'))
    return { found: false, reason: `XPath ${path} is not an absolute positional path` };
  let current: ParentNode = doc;
  for (const raw of path.slice(1).split('/')) {
    const step = STEP.exec(raw);
    if (!step) return { found: false, reason: `XPath step "${raw}" is not a positional element step` };
    const name = (step[1] ?? step[2] ?? step[3] ?? '').toLowerCase();
    const position = Number(step[4] ?? '1');
    const next: Element | undefined = elementChildren(current).filter((el) => el.name === name)[position - 1];
    if (!next) return { found: false, reason: `XPath ${path} names no element in the snapshot (no ${raw})` };
    current = next;
  }
  return current === doc
    ? { found: false, reason: `XPath ${path} names no element` }
    : { found: true, element: current as Element };
}
