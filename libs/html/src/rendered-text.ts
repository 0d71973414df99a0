import type { AnyNode, Element } from 'domhandler';
import { attr, isElement, isText } from './dom.js';
import { isHidden, isNeverRendered } from './visibility.js';

/** Collapses every whitespace run (including no-break spaces) to one space and trims. */
export function collapseWhitespace(text: string): string {
  // the same as replacing every run of \s with one space, but a lone space (most of them) is left
  // alone instead of being copied over: this runs over every block of every page
  return text.replace(/\s{2,}|[^\S ]/g, ' ').trim();
}

/** True when the text carries at least one letter or digit (not just bullets or separators). */
export function hasWords(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/**
 * The text a reader sees inside a node, flattened to one line: hidden and never-rendered parts
 * are skipped, <br> and element boundaries that break lines become spaces, and with
 * `withAltText` images contribute their alt text (as they do to accessible names).
 */
export function renderedText(
  node: AnyNode,
  options: { withAltText?: boolean; skip?: (el: Element) => boolean } = {},
): string {
  const parts: string[] = [];
  const visit = (n: AnyNode): void => {
    if (isText(n)) {
      parts.push(n.data);
      return;
    }
    if (!isElement(n)) return;
    if (isNeverRendered(n) || isHidden(n) || options.skip?.(n)) return;
    if (n.name === 'br' || n.name === 'hr') {
      parts.push(' ');
      return;
    }
    if (n.name === 'img' || (n.name === 'input' && attr(n, 'type')?.toLowerCase() === 'image')) {
      if (options.withAltText) parts.push(` ${attr(n, 'alt') ?? ''} `);
      return;
    }
    const breaks = BREAKING.has(n.name);
    if (breaks) parts.push(' ');
    for (const child of n.children) visit(child);
    if (breaks) parts.push(' ');
  };
  visit(node);
  return collapseWhitespace(parts.join(''));
}

/** Elements whose boundaries separate words even when the markup has no whitespace between them. */
const BREAKING = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'legend',
  'li',
  'main',
  'nav',
  'ol',
  'option',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);
