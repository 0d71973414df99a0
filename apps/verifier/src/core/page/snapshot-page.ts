import type { Document, Element } from 'domhandler';
import {
  attr,
  descendants,
  isElement,
  hiddenReason,
  isNeverRendered,
  isUi,
  normalizeText,
  parseHtml,
  readTextBlocks,
  renderedText,
  type TextBlock,
} from '@forage/html';
import { currentAmountsAt, formerPrices } from './former-prices.js';
import { governanceOf, pageTitles, type Governance } from './governors.js';
import { jsonLdStatements } from './json-ld.js';
import { resolveXPath } from './xpath.js';

/** Everything around a cited node that says what it is about: governors, headings, title. */
export interface NodeContext {
  readonly governance: Governance;
  /** Headings the node sits under, nearest first. */
  readonly headings: readonly string[];
  readonly title?: string;
  readonly h1?: string;
  /** `itemprop`/`property` of the node or the nearest ancestor that has one. */
  readonly property?: string;
  /** The label the page puts before the node: a definition list's term, a short "Label:" sibling. */
  readonly label?: string;
  readonly isJsonLd: boolean;
}

/** The text at one node of a snapshot, or why there is none. */
export type NodeText =
  | { readonly found: true; readonly text: string; readonly source: 'text' | 'structured-data' }
  | { readonly found: false; readonly reason: string };

/** Attributes whose value is an element's machine-readable content (microdata, RDFa). */
const VALUE_ATTRIBUTES = ['content', 'datetime', 'value'] as const;

/**
 * A DOM snapshot read once through the project's one text model (`readTextBlocks` of
 * `@forage/html`): its whole visible text, and the text of the node at any XPath.
 */
export class SnapshotPage {
  readonly text: string;
  private readonly blocks: readonly TextBlock[];
  private readonly blockOwners: ReadonlySet<Element>;

  private readonly doc: Document;

  constructor(html: string) {
    const doc = parseHtml(html);
    this.doc = doc;
    this.blocks = readTextBlocks(doc);
    this.blockOwners = new Set(this.blocks.map((b) => b.element));
    this.text = normalizeText(this.blocks.map((b) => b.text).join('\n'));
  }

  /**
   * The normalised text of the node an XPath names: the text-model blocks inside it (or, for an
   * inline node inside a block, its rendered text); for a JSON-LD script, its statements
   * (`"key": value`); for an element with no text, its machine-readable value attribute. Text a
   * reader cannot see (hidden or never-rendered subtrees, controls) is no text.
   */
  textAt(xpath: string): NodeText {
    const hit = resolveXPath(this.doc, xpath);
    if (!hit.found) return hit;
    const node = hit.element;
    if (node.name === 'script' && /ld\+json/i.test(attr(node, 'type') ?? '')) {
      const statements = jsonLdStatements(scriptText(node)).join('\n');
      return { found: true, text: normalizeText(statements), source: 'structured-data' };
    }
    const visible = this.visibleTextAt(node);
    if (visible.found && visible.text !== '') return visible;
    const declared = declaredValue(node);
    if (declared !== undefined) return { found: true, text: declared, source: 'structured-data' };
    return visible.found ? { found: false, reason: `the node at ${xpath} holds no page text` } : visible;
  }

  /**
   * What governs the node at an XPath: its table headers, microdata item, card, region, the
   * headings it sits under and the page's title — read from the stored DOM, never from the claim.
   */
  private former: readonly number[] | undefined;

  /** The amounts the page shows as former prices (struck through, marked old). */
  formerPrices(): readonly number[] {
    this.former ??= formerPrices(this.doc);
    return this.former;
  }

  /**
   * The former prices that count against a claim cited at `xpath`: those the node does not also
   * state plainly (outside any struck or old-price element).
   */
  formerPricesAgainst(xpath: string): readonly number[] {
    const hit = resolveXPath(this.doc, xpath);
    const current = hit.found ? currentAmountsAt(hit.element) : [];
    return this.formerPrices().filter((a) => !current.some((c) => Math.abs(c - a) < 0.005));
  }

  /**
   * What the page's own structured description (JSON-LD, microdata, RDFa and product meta tags)
   * declares for properties of these names (lower case, local form): the page's word on its main
   * item, read with the same parser for every claim.
   */
  declared(properties: readonly string[]): string[] {
    const wanted = new Set(properties);
    const out: string[] = [];
    for (const el of descendants(this.doc)) {
      if (el.name === 'script' && /ld\+json/i.test(attr(el, 'type') ?? '')) {
        for (const statement of jsonLdStatements(scriptText(el))) {
          const m = /^"([^"]+)": (.*)$/s.exec(statement);
          if (!m?.[1] || !m[2] || !wanted.has(m[1].toLowerCase())) continue;
          const value: unknown = JSON.parse(m[2]);
          if (typeof value === 'string' || typeof value === 'number') out.push(String(value));
        }
        continue;
      }
      const property = attr(el, 'itemprop') ?? attr(el, 'property');
      if (!property) continue;
      const local = (property.split(/[/#:]/).pop() ?? property).toLowerCase();
      if (!wanted.has(local)) continue;
      const value = attr(el, 'content') ?? normalizeText(renderedText(el));
      if (value) out.push(value);
    }
    return out;
  }

  contextAt(xpath: string, value: string): NodeContext | undefined {
    const hit = resolveXPath(this.doc, xpath);
    if (!hit.found) return undefined;
    const node = hit.element;
    const block =
      this.blocks.find((b) => b.element === node || contains(b.element, node)) ??
      this.blocks.find((b) => contains(node, b.element));
    const headings = [...(block?.headingPath ?? [])].reverse();
    const property = propertyOf(node);
    const label = labelBefore(node);
    return {
      ...(label ? { label } : {}),
      governance: governanceOf({ element: node, value }),
      headings,
      ...pageTitles(this.doc),
      ...(property ? { property } : {}),
      isJsonLd: node.name === 'script' && /ld\+json/i.test(attr(node, 'type') ?? ''),
    };
  }

  private visibleTextAt(node: Element): NodeText {
    const hidden = hiddenAncestor(node);
    if (hidden) return { found: false, reason: `the node is not page text (${hidden})` };
    const inside = this.blocks.filter((b) => b.element === node || contains(node, b.element));
    if (inside.length > 0)
      return { found: true, text: normalizeText(inside.map((b) => b.text).join(' ')), source: 'text' };
    const text = this.inBlock(node) ? normalizeText(renderedText(node)) : '';
    return { found: true, text, source: 'text' };
  }

  /** The node sits inside an element that owns a block of the text model. */
  private inBlock(node: Element): boolean {
    for (let el: Element | null = node; el; el = isElement(el.parent) ? el.parent : null) {
      if (this.blockOwners.has(el)) return true;
    }
    return false;
  }
}

/** A microdata or RDFa property's machine-readable value (`<meta itemprop="price" content="129">`). */
function declaredValue(node: Element): string | undefined {
  if (attr(node, 'itemprop') === undefined && attr(node, 'property') === undefined) return undefined;
  // a microdata <link> states its value as a URL (`<link itemprop="availability" href="https://schema.org/InStock">`)
  const names = node.name === 'link' ? (['href'] as const) : VALUE_ATTRIBUTES;
  const value = names.map((name) => attr(node, name)).find((v) => v !== undefined && v.trim() !== '');
  return value === undefined ? undefined : normalizeText(value);
}

/** A definition's term (`<dt>` before the `<dd>`), or a short sibling just before the node ending in ":". */
function labelBefore(node: Element): string | undefined {
  for (let el: Element | null = node; el; el = isElement(el.parent) ? el.parent : null) {
    const previous = previousElement(el);
    if (el.name === 'dd') {
      let at = previous;
      while (at && at.name !== 'dt') at = previousElement(at);
      return at ? normalizeText(renderedText(at)) : undefined;
    }
    if (previous) {
      const text = normalizeText(renderedText(previous));
      if (text.length > 0 && text.length <= 60 && /[:：]$/.test(text)) return text;
      return undefined;
    }
    if (el.name === 'body') return undefined;
  }
  return undefined;
}

function previousElement(el: Element): Element | undefined {
  for (let at = el.prev; at; at = at.prev) if (isElement(at)) return at;
  return undefined;
}

function propertyOf(node: Element): string | undefined {
  for (let el: Element | null = node; el; el = isElement(el.parent) ? el.parent : null) {
    if (attr(el, 'itemscope') !== undefined && el !== node) return undefined;
    const property = attr(el, 'itemprop') ?? attr(el, 'property');
    if (property) return property;
  }
  return undefined;
}

function contains(ancestor: Element, node: Element): boolean {
  for (let el = node.parent; el; el = el.parent) if (el === ancestor) return true;
  return false;
}

/** Why the node or one of its ancestors is no page text, if it is not. */
function hiddenAncestor(node: Element): string | undefined {
  for (let el: Element | null = node; el; el = isElement(el.parent) ? el.parent : null) {
    if (isNeverRendered(el)) return `<${el.name}> is never rendered`;
    const hidden = hiddenReason(el);
    if (hidden) return `<${el.name}> is hidden from a person: ${hidden}`;
    if (isUi(el)) return `<${el.name}> is a control`;
  }
  return undefined;
}

function scriptText(node: Element): string {
  return node.children.map((c) => ('data' in c && typeof c.data === 'string' ? c.data : '')).join('');
}
