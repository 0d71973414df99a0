import type { Element } from 'domhandler';
import { attr, isElement } from './dom.js';

/** Elements whose content a reader never sees as page text. */
const NEVER_RENDERED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'svg',
  'math',
  'iframe',
  'object',
  'canvas',
]);

/** Landmark roles that mark site chrome rather than page content. */
const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'dialog', 'alertdialog']);

/** Elements that scope <header>/<footer> to a section, so they stop being page banners or footers. */
const SECTIONING = new Set(['article', 'aside', 'main', 'nav', 'section']);

/**
 * The attribute the render stamps on an element whose text a person could not see on the rendered
 * page (apps/dom-extraction, in-page/mark-hidden.ts); its value names why (`opacity`, `off-page`,
 * `colour`, …). Set only in stored snapshots, never left on a live page.
 */
export const RENDERED_HIDDEN_ATTRIBUTE = 'data-forage-hidden';

export function isNeverRendered(el: Element): boolean {
  return NEVER_RENDERED.has(el.name);
}

/**
 * Hidden from a person: the render found its text invisible (RENDERED_HIDDEN_ATTRIBUTE), or the
 * markup says so — the `hidden` attribute, `aria-hidden="true"`, inline display:none /
 * visibility:hidden, closed <dialog>.
 */
export function isHidden(el: Element): boolean {
  return hiddenReason(el) !== undefined;
}

/** Why the element's content is hidden from a person, or undefined when it is not (on its own; ancestors aside). */
export function hiddenReason(el: Element): string | undefined {
  const rendered = attr(el, RENDERED_HIDDEN_ATTRIBUTE);
  if (rendered !== undefined) return `not visible on the rendered page (${rendered.trim() || 'hidden'})`;
  if (attr(el, 'hidden') !== undefined) return 'the hidden attribute';
  if (attr(el, 'aria-hidden')?.trim().toLowerCase() === 'true') return 'aria-hidden';
  if (el.name === 'input' && attr(el, 'type')?.toLowerCase() === 'hidden') return 'a hidden input';
  if (el.name === 'dialog' && attr(el, 'open') === undefined) return 'a closed dialog';
  const style = attr(el, 'style');
  if (
    style !== undefined &&
    /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i.test(style)
  )
    return 'an inline display:none or visibility:hidden';
  return undefined;
}

export function roleOf(el: Element): string | undefined {
  return attr(el, 'role')?.trim().toLowerCase().split(/\s+/)[0] || undefined;
}

/**
 * Site chrome, by landmark semantics only (no site-specific class names): <nav>, dialogs, the
 * navigation/banner/contentinfo roles, and <header>/<footer> that belong to the page rather than
 * to an article or section (HTML-AAM maps exactly those to banner and contentinfo).
 */
export function isChrome(el: Element): boolean {
  const role = roleOf(el);
  if (role && CHROME_ROLES.has(role)) return true;
  if (el.name === 'nav' || el.name === 'dialog') return true;
  if ((el.name === 'header' || el.name === 'footer') && !role) return !hasSectioningAncestor(el);
  return false;
}

/** A page-level <header> or role=banner: its headings still name the page even though its text is chrome. */
export function isBanner(el: Element): boolean {
  const role = roleOf(el);
  if (role === 'banner') return true;
  return el.name === 'header' && !role && !hasSectioningAncestor(el);
}

function hasSectioningAncestor(el: Element): boolean {
  for (let p = el.parent; isElement(p); p = p.parent) {
    if (SECTIONING.has(p.name)) return true;
    const role = roleOf(p);
    if (role === 'main' || role === 'article' || role === 'region') return true;
  }
  return false;
}
