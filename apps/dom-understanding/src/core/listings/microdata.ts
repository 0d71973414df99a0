import type { Document, Element, ParentNode } from 'domhandler';
import { attr, descendants, elementChildren } from '@forage/html';
import { xpathOf } from '../xpath.js';
import { clip, nodeText } from './node-text.js';
import { localName, type StructuredItem, type StructuredValue } from './structured-item.js';

/** How one markup syntax names items, their types and their properties. */
interface MarkupSyntax {
  readonly origin: 'microdata' | 'rdfa';
  readonly isItem: (el: Element) => boolean;
  readonly types: (el: Element) => string[];
  readonly props: (el: Element) => string[];
}

const MICRODATA: MarkupSyntax = {
  origin: 'microdata',
  isItem: (el) => attr(el, 'itemscope') !== undefined,
  types: (el) => words(attr(el, 'itemtype')).map(localName),
  props: (el) => words(attr(el, 'itemprop')).map(localName),
};

/** RDFa Lite as schema.org documents it (vocab/typeof/property); `og:` and other prefixed meta properties are read elsewhere. */
const RDFA: MarkupSyntax = {
  origin: 'rdfa',
  isItem: (el) => attr(el, 'typeof') !== undefined,
  types: (el) => words(attr(el, 'typeof')).map(localName),
  props: (el) =>
    words(attr(el, 'property'))
      .filter((p) => !p.includes(':') || /^(schema:|https?:\/\/schema\.org)/i.test(p))
      .map(localName),
};

/** Top-level microdata items of a page (`itemscope` elements that are not themselves a property of another item). */
export function readMicrodata(doc: Document): StructuredItem[] {
  return readMarkup(doc, MICRODATA);
}

/** Top-level RDFa items of a page. */
export function readRdfa(doc: Document): StructuredItem[] {
  return readMarkup(doc, RDFA);
}

function readMarkup(doc: Document, syntax: MarkupSyntax): StructuredItem[] {
  return descendants(doc)
    .filter((el) => syntax.isItem(el) && syntax.props(el).length === 0)
    .map((el) => buildItem(el, syntax));
}

function buildItem(root: Element, syntax: MarkupSyntax): StructuredItem {
  const props = new Map<string, StructuredValue[]>();
  const visit = (parent: ParentNode): void => {
    for (const child of elementChildren(parent)) {
      const names = syntax.props(child);
      if (names.length > 0) {
        const value = propertyValue(child, syntax);
        for (const name of names) props.set(name, [...(props.get(name) ?? []), value]);
        if (syntax.isItem(child)) continue;
      } else if (syntax.isItem(child)) continue;
      visit(child);
    }
  };
  visit(root);
  return { types: syntax.types(root), props, xpath: xpathOf(root), origin: syntax.origin };
}

function propertyValue(el: Element, syntax: MarkupSyntax): StructuredValue {
  const xpath = xpathOf(el);
  if (syntax.isItem(el)) {
    const item = buildItem(el, syntax);
    const text = nodeText(el);
    return { item, xpath, snippet: clip(text), ...(text ? { text } : {}) };
  }
  const text = rawValue(el);
  const visible = nodeText(el);
  return { text, xpath, snippet: clip(visible !== '' ? visible : text) };
}

/** The property value the microdata spec (and RDFa) reads from each kind of element. */
function rawValue(el: Element): string {
  const content = attr(el, 'content');
  if (content !== undefined) return content.trim();
  switch (el.name) {
    case 'meta':
      return '';
    case 'a':
    case 'area':
    case 'link':
      return attr(el, 'href') ?? attr(el, 'resource') ?? '';
    case 'img':
    case 'audio':
    case 'video':
    case 'source':
    case 'embed':
    case 'iframe':
      return attr(el, 'src') ?? '';
    case 'object':
      return attr(el, 'data') ?? '';
    case 'data':
    case 'meter':
      return attr(el, 'value') ?? nodeText(el);
    case 'time':
      return attr(el, 'datetime') ?? nodeText(el);
    default:
      return attr(el, 'resource') ?? nodeText(el);
  }
}

function words(value: string | undefined): string[] {
  return (value ?? '').trim().split(/\s+/).filter(Boolean);
}
