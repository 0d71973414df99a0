import type { Element, ParentNode } from 'domhandler';
import { descendants, isElement } from '@forage/html';

interface Compound {
  readonly tag: string | null;
  readonly ids: readonly string[];
  readonly classes: readonly string[];
  readonly attrs: readonly { name: string; value: string | null }[];
}
interface Step {
  readonly compound: Compound;
  /** How this step relates to the one before it (ignored for the first). */
  readonly combinator: ' ' | '>';
}

/** The selector is outside the small CSS subset the DOM can be re-queried with here. */
export class UnsupportedSelectorError extends Error {
  override readonly name = 'UnsupportedSelectorError';
}

const IDENT = '-?[_a-zA-Z][_a-zA-Z0-9-]*';
const COMPOUND = new RegExp(
  `^(${IDENT}|\\*)?((?:[.#]${IDENT}|\\[${IDENT}(?:=(?:"[^"]*"|'[^']*'|${IDENT}))?\\])*)$`,
);
const PART = new RegExp(`[.#]${IDENT}|\\[(${IDENT})(?:=("[^"]*"|'[^']*'|${IDENT}))?\\]`, 'g');

/**
 * Parses the subset of CSS an LLM is asked to propose: tag, `*`, `.class`, `#id`, `[attr]`,
 * `[attr="value"]`, joined by descendant (space) or child (`>`) combinators. Anything else
 * (pseudo-classes, `+`, `~`, lists) throws UnsupportedSelectorError.
 */
export function parseSelector(selector: string): Step[] {
  const text = selector.trim().replace(/\s*>\s*/g, ' > ');
  if (text === '' || text.length > 300) throw new UnsupportedSelectorError('empty or too long');
  const tokens = text.split(/\s+/);
  const steps: Step[] = [];
  let combinator: ' ' | '>' = ' ';
  for (const token of tokens) {
    if (token === '>') {
      if (steps.length === 0 || combinator === '>')
        throw new UnsupportedSelectorError(`misplaced > in ${selector}`);
      combinator = '>';
      continue;
    }
    const match = COMPOUND.exec(token);
    if (!match || token === '') throw new UnsupportedSelectorError(`unsupported selector part ${token}`);
    const ids: string[] = [];
    const classes: string[] = [];
    const attrs: { name: string; value: string | null }[] = [];
    for (const part of (match[2] ?? '').matchAll(PART)) {
      const raw = part[0];
      if (raw.startsWith('#')) ids.push(raw.slice(1));
      else if (raw.startsWith('.')) classes.push(raw.slice(1));
      else
        attrs.push({
          name: (part[1] ?? '').toLowerCase(),
          value: part[2] === undefined ? null : unquote(part[2]),
        });
    }
    const tag = match[1] && match[1] !== '*' ? match[1].toLowerCase() : null;
    steps.push({ compound: { tag, ids, classes, attrs }, combinator });
    combinator = ' ';
  }
  if (steps.length === 0 || combinator === '>')
    throw new UnsupportedSelectorError(`incomplete selector ${selector}`);
  return steps;
}

/** Elements below `root` (not `root` itself) the selector matches, in document order; ancestors are looked for below `root` too. */
export function selectAll(root: ParentNode, selector: string): Element[] {
  const steps = parseSelector(selector);
  const last = steps[steps.length - 1];
  if (!last) return [];
  return descendants(root).filter((el) => matchesFrom(el, steps, steps.length - 1, root));
}

function matchesFrom(el: Element, steps: readonly Step[], index: number, root: ParentNode): boolean {
  const step = steps[index];
  if (!step || !matchesCompound(el, step.compound)) return false;
  if (index === 0) return true;
  let parent = el.parent;
  while (isElement(parent) && parent !== root) {
    if (matchesFrom(parent, steps, index - 1, root)) return true;
    if (step.combinator === '>') return false;
    parent = parent.parent;
  }
  return false;
}

function matchesCompound(el: Element, c: Compound): boolean {
  if (c.tag && el.name !== c.tag) return false;
  const attribs = el.attribs;
  if (c.ids.some((id) => attribs['id'] !== id)) return false;
  if (c.classes.length > 0) {
    const classes = new Set((attribs['class'] ?? '').split(/\s+/));
    if (c.classes.some((k) => !classes.has(k))) return false;
  }
  return c.attrs.every((a) => (a.value === null ? a.name in attribs : attribs[a.name] === a.value));
}

function unquote(value: string): string {
  return /^["'].*["']$/.test(value) ? value.slice(1, -1) : value;
}
