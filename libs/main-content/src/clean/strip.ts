import { ElementType } from 'htmlparser2';
import { Text, type ChildNode, type Element } from 'domhandler';
import { classAndId, isElement, rawText } from '../dom/tree.js';
import { BOILERPLATE_IN_BODY, CHROME_ROLES, MAYBE_CANDIDATE, NEVER_CONTENT, UNLIKELY } from './hints.js';

/** Elements that never carry article text a reader sees. */
const NON_CONTENT: ReadonlySet<string> = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
  'canvas',
  'video',
  'audio',
  'source',
  'track',
  'select',
  'option',
  'textarea',
  'input',
  'button',
  'head',
  'link',
  'meta',
  'base',
  'dialog',
  'map',
  'frame',
  'frameset',
  'applet',
  'param',
  'nav',
]);

const HIDDEN_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i;
const SCREEN_READER_ONLY =
  /\b(?:sr-only|visually-hidden|screen-reader|visuallyhidden|a11y-hidden|offscreen)\b/;
/** Deeper trees are flattened to their text so later recursive passes stay far from stack limits. */
const MAX_DEPTH = 200;

function isHidden(el: Element): boolean {
  const a = el.attribs;
  // stamped by the render on text a person could not see (the same marker @forage/html reads)
  if (a['data-forage-hidden'] !== undefined) return true;
  if (a['hidden'] !== undefined) return true;
  if (a['aria-hidden'] === 'true' && !/fallback-image/.test(a['class'] ?? '')) return true;
  const style = a['style'];
  if (style !== undefined && HIDDEN_STYLE.test(style)) return true;
  const cls = a['class'];
  return cls !== undefined && SCREEN_READER_ONLY.test(cls);
}

function isUnlikely(el: Element, strict: boolean): boolean {
  if (el.name === 'body' || el.name === 'html' || el.name === 'a') return false;
  const names = classAndId(el);
  const rescued = names !== '' && MAYBE_CANDIDATE.test(names);
  if (names !== '' && NEVER_CONTENT.test(names) && !rescued) return !insideTableOrCode(el);
  if (!strict) return false;
  if (ledByBoilerplateHeading(el)) return true;
  if (el.name === 'main' || el.name === 'article') return false;
  const role = el.attribs['role'];
  if (role !== undefined && CHROME_ROLES.has(role)) return true;
  if (el.name === 'aside') return true;
  return names !== '' && UNLIKELY.test(names) && !rescued && !insideTableOrCode(el);
}

const HEADING = /^h[1-6]$/;

/** A block introduced by a heading named as boilerplate ("related", "more stories", …) is that boilerplate. */
function ledByBoilerplateHeading(el: Element): boolean {
  for (const child of el.children) {
    if (!isElement(child)) {
      if (/\S/.test(rawText(child))) return false;
      continue;
    }
    if (!HEADING.test(child.name)) return false;
    const names = classAndId(child);
    return names !== '' && BOILERPLATE_IN_BODY.test(names);
  }
  return false;
}

function insideTableOrCode(el: Element): boolean {
  for (let p = el.parent; p !== null && isElement(p); p = p.parent) {
    if (p.name === 'table' || p.name === 'code' || p.name === 'pre') return true;
  }
  return false;
}

function isNonContent(child: ChildNode, strict: boolean): boolean {
  if (
    child.type === ElementType.Comment ||
    child.type === ElementType.Directive ||
    child.type === ElementType.CDATA
  )
    return true;
  return isElement(child) && (NON_CONTENT.has(child.name) || isHidden(child) || isUnlikely(child, strict));
}

/** Drops an element's unwanted children in place (no copies), relinking the siblings that stay. */
function compactChildren(el: Element, strict: boolean): void {
  const children = el.children;
  let kept = 0;
  for (const child of children) {
    if (isNonContent(child, strict)) {
      child.parent = null;
      continue;
    }
    children[kept++] = child;
  }
  if (kept === children.length) return;
  children.length = kept;
  for (let i = 0; i < kept; i++) {
    const child = children[i];
    if (child === undefined) continue;
    child.prev = children[i - 1] ?? null;
    child.next = children[i + 1] ?? null;
  }
}

/**
 * Removes what is never content (scripts, styles, forms controls, hidden blocks, comments) and,
 * with `unlikely`, blocks whose names or roles mark them as page chrome. Iterative, so hostile
 * nesting cannot overflow the stack; returns how many elements remain.
 */
export function stripNonContent(root: Element, options: { unlikely: boolean }): number {
  let kept = 0;
  const stack: { el: Element; depth: number }[] = [{ el: root, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === undefined) break;
    const { el, depth } = item;
    kept++;
    compactChildren(el, options.unlikely);
    for (const child of el.children) {
      if (!isElement(child)) continue;
      if (depth + 1 >= MAX_DEPTH) {
        const flat = new Text(rawText(child));
        child.children = [flat];
        flat.parent = child;
        continue;
      }
      stack.push({ el: child, depth: depth + 1 });
    }
  }
  return kept;
}
