import type { AnyNode, Element } from 'domhandler';
import { isElement, isText, isHidden, isNeverRendered } from '@forage/html';

const BLOCK = new Set([
  'p',
  'div',
  'li',
  'tr',
  'td',
  'th',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'section',
  'article',
  'header',
  'footer',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'table',
  'form',
  'option',
  'address',
  'figcaption',
]);

/** The text a reader sees in an element: scripts, styles and author-hidden subtrees left out, whitespace collapsed. */
export function nodeText(node: AnyNode, skip?: ReadonlySet<string>): string {
  const parts: string[] = [];
  collect({ node, parts, skip });
  return parts.join('').replace(/\s+/g, ' ').trim();
}

function collect(input: { node: AnyNode; parts: string[]; skip: ReadonlySet<string> | undefined }): void {
  const { node, parts, skip } = input;
  if (isText(node)) {
    parts.push(node.data);
    return;
  }
  if (!isElement(node)) return;
  if (isNeverRendered(node) || isHidden(node) || skip?.has(node.name)) return;
  const block = BLOCK.has(node.name);
  if (block) parts.push(' ');
  for (const child of node.children) collect({ node: child, parts, skip });
  if (block) parts.push(' ');
}

/** At most `max` characters of text, cut on a word boundary, for a field's snippet. */
export function clip(text: string, max = 300): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** The nearest ancestor (or the element itself) that passes `test`. */
export function closest(el: Element, test: (e: Element) => boolean): Element | undefined {
  for (let cur: AnyNode | null = el; isElement(cur); cur = cur.parent) if (test(cur)) return cur;
  return undefined;
}
