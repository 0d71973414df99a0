import type { Element } from 'domhandler';
import {
  attr,
  descendants,
  isElement,
  isHidden,
  isNeverRendered,
  otherItemsRegion,
  parseHtml,
  renderedText,
} from '@forage/html';
import { controlsOf, type PageControl } from './controls.js';
import { inOverlay, overlaysOf, type OverlayDismiss } from './overlays.js';

/** The parent element, or null at the top of the tree. */
const up = (el: Element): Element | null => (isElement(el.parent) ? el.parent : null);

/** A hyperlink on a page, resolved against the page URL, with the words a reader sees around it. */
export interface PageLink {
  readonly url: string;
  readonly text: string;
  /** Text of the nearest block around the link (a list item, card or paragraph). */
  readonly context: string;
  /** rel="next" or a pager control ("Next", "›", "Load more"). */
  readonly next: boolean;
  /** Inside header/nav/footer: site chrome rather than content. */
  readonly chrome: boolean;
}

/** A control that discloses hidden content, recognised by its semantics, never by its words. */
export interface DisclosureControl {
  readonly xpath: string;
  readonly name: string;
}

export interface FormField {
  readonly kind:
    | 'select'
    | 'checkbox'
    | 'radio'
    | 'text'
    | 'number'
    | 'email'
    | 'tel'
    | 'password'
    | 'textarea'
    | 'date'
    | 'other';
  readonly name: string;
  readonly label: string;
  readonly xpath: string;
  readonly required: boolean;
  readonly options: readonly { readonly value: string; readonly label: string }[];
}

export interface PageForm {
  readonly xpath: string;
  readonly method: 'get' | 'post';
  /** role="search", a search input, or a GET form: submitting it only reads. */
  readonly readsOnly: boolean;
  readonly fields: readonly FormField[];
  readonly submit?: { readonly xpath: string; readonly name: string };
}

export interface PageStructure {
  readonly headings: readonly { readonly text: string; readonly xpath: string }[];
  readonly links: readonly PageLink[];
  readonly disclosures: readonly DisclosureControl[];
  readonly forms: readonly PageForm[];
  /** Banners and modals to dismiss before acting on the page (they intercept clicks). */
  readonly overlays?: readonly OverlayDismiss[];
  /** Every element a person can act on, in document order (what instructions are grounded on). */
  readonly controls?: readonly PageControl[];
}

/** Links, disclosure controls and forms of a captured DOM (the page as the browser rendered it). */
export function readPageStructure(html: string, pageUrl: string): PageStructure {
  const doc = parseHtml(html);
  const visible = (el: Element): boolean => !hiddenInTree(el);
  const byId = new Map<string, Element>();
  for (const el of descendants(doc)) {
    const id = attr(el, 'id');
    if (id && !byId.has(id)) byId.set(id, el);
  }
  const shown = descendants(doc).filter(visible);
  return {
    headings: descendants(doc)
      .filter((el) => /^h[1-6]$/.test(el.name) && visible(el))
      .map((el) => ({ text: clean(renderedText(el)), xpath: xpathOf(el) })),
    links: linksOf(descendants(doc, 'a').filter(visible), pageUrl),
    disclosures: disclosuresOf(shown, byId),
    forms: descendants(doc, 'form')
      .filter(visible)
      .map((f) => formOf(f, byId)),
    overlays: overlaysOf(shown),
    controls: controlsOf(shown, byId),
  };
}

export function hiddenInTree(el: Element): boolean {
  for (let n: Element | null = el; n; n = up(n)) {
    if (isNeverRendered(n) || isHidden(n)) return true;
  }
  return false;
}

const NEXT_WORDS = /^(next|next page|more|load more|show more|older|›|»|→|>)$/i;

function linksOf(anchors: readonly Element[], pageUrl: string): PageLink[] {
  const links: PageLink[] = [];
  const seen = new Set<string>();
  for (const a of anchors) {
    const href = attr(a, 'href');
    if (!href || href.startsWith('#') || /^(javascript|mailto|tel):/i.test(href)) continue;
    let url: URL;
    try {
      url = new URL(href, pageUrl);
    } catch {
      continue;
    }
    if (!/^https?:$/.test(url.protocol)) continue;
    url.hash = '';
    const text = clean(renderedText(a)) || attr(a, 'aria-label') || attr(a, 'title') || '';
    const rel = (attr(a, 'rel') ?? '').toLowerCase().split(/\s+/);
    const next = rel.includes('next') || NEXT_WORDS.test(text.trim());
    const key = `${url.href}|${text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    links.push({ url: url.href, text, context: contextOf(a), next, chrome: inChrome(a) });
  }
  return links;
}

function contextOf(a: Element): string {
  for (let el = up(a); el; el = up(el)) {
    if (/^(li|p|td|tr|article|section|dd|div)$/.test(el.name)) return clean(renderedText(el)).slice(0, 300);
  }
  return '';
}

function inChrome(el: Element): boolean {
  for (let e = up(el); e; e = up(e)) {
    if (
      /^(header|nav|footer)$/.test(e.name) ||
      /^(navigation|banner|contentinfo)$/.test(attr(e, 'role') ?? '')
    )
      return true;
  }
  return false;
}

/**
 * Collapsed disclosures: aria-expanded="false" controls, summaries of closed <details>, and
 * controls whose aria-controls target is hidden.
 */
function disclosuresOf(
  elements: readonly Element[],
  byId: ReadonlyMap<string, Element>,
): DisclosureControl[] {
  const found: DisclosureControl[] = [];
  for (const el of elements) {
    const tag = el.name;
    const controlsHidden = (attr(el, 'aria-controls') ?? '').split(/\s+/).some((id) => {
      const target = id ? byId.get(id) : undefined;
      return !!target && hiddenInTree(target);
    });
    const collapsed = attr(el, 'aria-expanded') === 'false';
    const parent = up(el);
    const closedSummary =
      tag === 'summary' && parent?.name === 'details' && attr(parent, 'open') === undefined;
    if (tag === 'a' && attr(el, 'href') && !attr(el, 'href')?.startsWith('#')) continue;
    // a consent modal's "preferences" toggle opens more of the modal, not of the page
    if ((collapsed || closedSummary || controlsHidden) && inOverlay(el)) continue;
    if (!(collapsed || closedSummary || controlsHidden)) continue;
    const name =
      clean(renderedText(el)) || clean(attr(el, 'aria-label') ?? '') || clean(attr(el, 'title') ?? '');
    // a control with no name cannot be told from a menu toggle; one in the site's chrome or in a
    // rail of other items opens menus and their content, not the page's own
    if (!name || inChrome(el) || otherItemsRegion(el)) continue;
    found.push({ xpath: xpathOf(el), name });
  }
  return found;
}

function formOf(form: Element, byId: ReadonlyMap<string, Element>): PageForm {
  const method = (attr(form, 'method') ?? 'get').toLowerCase() === 'post' ? 'post' : 'get';
  const fields: FormField[] = [];
  let submit: PageForm['submit'];
  for (const el of descendants(form)) {
    if (hiddenInTree(el)) continue;
    const type = (attr(el, 'type') ?? '').toLowerCase();
    if (
      (el.name === 'button' && type !== 'button' && type !== 'reset') ||
      (el.name === 'input' && (type === 'submit' || type === 'image'))
    ) {
      submit ??= { xpath: xpathOf(el), name: clean(renderedText(el)) || attr(el, 'value') || '' };
      continue;
    }
    const kind = fieldKind(el, type);
    if (!kind) continue;
    fields.push({
      kind,
      name: attr(el, 'name') ?? attr(el, 'id') ?? '',
      label: labelOf(el, byId),
      xpath: xpathOf(el),
      required: attr(el, 'required') !== undefined || attr(el, 'aria-required') === 'true',
      options:
        el.name === 'select'
          ? descendants(el, 'option').map((o) => ({
              value: attr(o, 'value') ?? clean(renderedText(o)),
              label: clean(renderedText(o)),
            }))
          : [],
    });
  }
  const readsOnly =
    attr(form, 'role') === 'search' ||
    method === 'get' ||
    fields.some((f) => /search|query|^q$/i.test(f.name));
  return { xpath: xpathOf(form), method, readsOnly, fields, ...(submit ? { submit } : {}) };
}

function fieldKind(el: Element, type: string): FormField['kind'] | undefined {
  if (el.name === 'select') return 'select';
  if (el.name === 'textarea') return 'textarea';
  if (el.name !== 'input') return undefined;
  switch (type) {
    case 'hidden':
    case 'submit':
    case 'button':
    case 'reset':
    case 'image':
      return undefined;
    case '':
    case 'text':
    case 'search':
      return 'text';
    case 'checkbox':
    case 'radio':
    case 'number':
    case 'email':
    case 'tel':
    case 'password':
    case 'date':
      return type;
    default:
      return 'other';
  }
}

/** A form control's label: aria-label, aria-labelledby, <label for>, a wrapping label, then placeholder, title or name. */
export function labelOf(el: Element, byId: ReadonlyMap<string, Element>): string {
  const aria = attr(el, 'aria-label');
  if (aria) return aria;
  const labelledBy = attr(el, 'aria-labelledby');
  if (labelledBy) {
    const text = labelledBy
      .split(/\s+/)
      .map((id) => {
        const t = byId.get(id);
        return t ? clean(renderedText(t)) : '';
      })
      .join(' ')
      .trim();
    if (text) return text;
  }
  const id = attr(el, 'id');
  if (id) {
    const root = rootOf(el);
    const label = descendants(root, 'label').find((l) => attr(l, 'for') === id);
    if (label) return clean(renderedText(label));
  }
  for (let n = up(el); n; n = up(n)) {
    if (n.name === 'label') return clean(renderedText(n));
  }
  return attr(el, 'placeholder') ?? attr(el, 'title') ?? attr(el, 'name') ?? '';
}

function rootOf(el: Element): Element {
  let n: Element = el;
  for (let p = up(n); p; p = up(p)) n = p;
  return n;
}

/** The element's absolute XPath, /html[1]/body[1]/…, as dom-understanding writes it. */
export function xpathOf(el: Element): string {
  const steps: string[] = [];
  for (let n: Element | null = el; n; n = up(n)) {
    const name = n.name;
    const siblings = n.parent ? n.parent.children.filter((c) => isElement(c) && c.name === name) : [n];
    steps.unshift(`${n.name}[${String(siblings.indexOf(n) + 1)}]`);
  }
  return `/${steps.join('/')}`;
}

export function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
