import type { Element } from 'domhandler';
import { attr, descendants, isElement, otherItemsRegion } from '@forage/html';
import { escapeRegExp, isMakerCodeLabel, labelsOf } from '@forage/lexicon';
import { xpathOf } from '../xpath.js';
import type { Field } from './field.js';
import { clip, nodeText } from './node-text.js';
import { hintsOf, type PageContext } from './page-context.js';

/**
 * Labels shops print before a product's own code: the lexicon's labels of the sku attribute in
 * every language it covers (the ones the verifier reads the label by), and the punctuated forms
 * shops write them in ("Item #", "Art.-Nr.", "Model No."). A label naming the retailer's stock unit
 * (SKU, a marketplace's item id such as the ASIN, an item number) ranks above a generic code or
 * reference, and those above a maker's model, style or part number (the labels
 * `isMakerCodeLabel` knows).
 */
const STRONG_LABEL = /^(sku|asin|item\s*(#|no\b|number|code|id))/i;
const PUNCTUATED = [
  String.raw`(?:item|product)\s*(?:#|no\.?|number|code|id)`,
  String.raw`art(?:ikel)?\.?\s*-?\s*(?:nr|nummer)\.?`,
  String.raw`(?:model|part|style)\s*(?:#|no\.?|number)`,
  String.raw`r[ée]f(?:[ée]rence)?\.?`,
  String.raw`c[óo]digo`,
];
const LABEL = `(?:${[
  ...PUNCTUATED,
  ...labelsOf('sku').map((l) => escapeRegExp(l).replace(/\s+/g, '\\s*')),
].join('|')})`;
/** A product code: letters, digits and separators with at least one digit ("AB-1234", "002.937.72"). */
const CODE = String.raw`((?=[A-Za-z0-9._/-]*\d)[A-Za-z0-9][A-Za-z0-9._/-]{1,38}[A-Za-z0-9]|\d{3,})`;
const LABELLED = new RegExp(
  String.raw`(?:^|[^\p{L}])${LABEL}(?![\p{L}])\s*[:：#.]?\s*${CODE}(?![\p{L}\d])`,
  'iu',
);
const LABEL_AT_START = new RegExp(String.raw`^${LABEL}`, 'iu');
const LABEL_ONLY = new RegExp(String.raw`^\s*${LABEL}\s*[:#.]?\s*$`, 'iu');
const CODE_ONLY = new RegExp(String.raw`^\s*${CODE}\s*$`, 'u');
/** "50ml", "800w", "2x3", "12kg": sizes and quantities in a URL slug, not codes. */
const QUANTITY =
  /^\d+([.,]\d+)?((x\d+)|(x\d+)?(ml|cl|dl|l|g|gr|kg|mg|mm|cm|m|km|w|kw|v|mah|gb|tb|mb|hz|ghz|in|inch|oz|lb|lbs|pcs|pc|st|sht|pack|p|k))$/i;
const SKU_ATTRS = ['data-sku', 'data-product-sku', 'data-item-sku', 'data-product-code', 'data-item-code'];
const ID_INPUT = /^(sku|product[-_]?sku|item[-_]?sku|variant[-_]?sku)$/i;

interface SkuCandidate {
  readonly value: string;
  readonly el: Element;
  readonly score: number;
  readonly origin: 'meta' | 'page-text';
}

/** A product code read from the page: a labelled code ("SKU: AB-123"), a sku attribute or meta tag; codes also in the URL rank first. */
export function pageSku(ctx: PageContext): Field<string> | undefined {
  const urlTokens = tokensOfUrl(ctx.url);
  const found: SkuCandidate[] = [
    ...metaSkus(ctx),
    ...labelledSkus(ctx),
    ...attributeSkus(ctx),
    ...urlCodesOnPage(ctx, urlTokens),
    ...canonicalUrlCode(ctx),
  ];
  const ranked = found
    .map((c) => ({
      ...c,
      score:
        c.score +
        (urlTokens.has(c.value.toLowerCase()) ? 3 : 0) -
        // a code in a rail of other items is theirs (the verifier never takes it for the page's item)
        (c.origin === 'page-text' && otherItemsRegion(c.el) ? 6 : 0),
    }))
    .filter((c) => /\d/.test(c.value) || c.value.length >= 4)
    .sort((a, b) => b.score - a.score);
  const best = ranked[0];
  if (!best) return undefined;
  return {
    value: best.value,
    xpath: xpathOf(best.el),
    snippet: clip(nodeText(best.el) || best.value, 200),
    origin: best.origin,
  };
}

function metaSkus(ctx: PageContext): SkuCandidate[] {
  const out: SkuCandidate[] = [];
  for (const key of ['product:retailer_item_id', 'product:sku', 'sku']) {
    const el = ctx.meta.get(key);
    const value = el ? attr(el, 'content')?.trim() : undefined;
    if (el && value) out.push({ value, el, score: 4, origin: 'meta' });
  }
  return out;
}

function labelledSkus(ctx: PageContext): SkuCandidate[] {
  const out: SkuCandidate[] = [];
  for (const el of ctx.elements) {
    const text = nodeText(el);
    if (text.length === 0 || text.length > 80) continue;
    const inline = LABELLED.exec(text);
    if (inline?.[1] && !hasChildWithSameText(el, text)) {
      // the innermost element stating the code wins over its wrappers
      const score = labelScore(text, inline.index) - text.length / 1000;
      out.push({ value: inline[1], el, score, origin: 'page-text' });
      continue;
    }
    if (LABEL_ONLY.test(text)) {
      // the code sits in the next cell or element: <th>SKU</th><td>AB-123</td>, <dt>…</dt><dd>…</dd>
      const next = nextElementSibling(el);
      const value = next ? nodeText(next) : '';
      const code = CODE_ONLY.exec(value);
      if (next && code?.[1])
        out.push({
          value: code[1],
          el: next,
          score: labelScore(text, 0) - value.length / 1000,
          origin: 'page-text',
        });
    }
  }
  return out;
}

function attributeSkus(ctx: PageContext): SkuCandidate[] {
  const out: SkuCandidate[] = [];
  for (const el of descendants(ctx.doc)) {
    for (const name of SKU_ATTRS) {
      const value = attr(el, name)?.trim();
      if (value && CODE_ONLY.test(value)) out.push({ value, el, score: 2, origin: 'page-text' });
    }
    if (el.name === 'input' && ID_INPUT.test(attr(el, 'name') ?? '') && attr(el, 'value')) {
      const value = (attr(el, 'value') ?? '').trim();
      if (CODE_ONLY.test(value)) out.push({ value, el, score: 2, origin: 'page-text' });
    }
    if (/\bsku\b/.test(hintsOf(el)) && el.children.length <= 2) {
      const text = nodeText(el);
      const code = CODE_ONLY.exec(text) ?? LABELLED.exec(text);
      if (code?.[1]) out.push({ value: code[1], el, score: 2.5, origin: 'page-text' });
    }
  }
  return out;
}

/**
 * Codes from the page URL that the page also states (in its text or in form values and data
 * attributes): a product page's address usually carries the product's own id.
 */
function urlCodesOnPage(ctx: PageContext, urlTokens: ReadonlySet<string>): SkuCandidate[] {
  const codes = [...urlTokens].filter(
    (t) =>
      /\d/.test(t) &&
      t.length <= 24 &&
      CODE_ONLY.test(t) &&
      !QUANTITY.test(t) &&
      (/\D/.test(t) ? t.length >= 4 : t.length >= 5),
  );
  if (codes.length === 0) return [];
  const out: SkuCandidate[] = [];
  for (const el of descendants(ctx.doc)) {
    for (const [name, raw] of Object.entries(el.attribs)) {
      if (!(name === 'value' || name.startsWith('data-'))) continue;
      const value = raw.trim().toLowerCase();
      const code = codes.find((c) => c === value);
      if (code) out.push({ value: raw.trim(), el, score: 0, origin: 'page-text' });
    }
  }
  for (const el of ctx.elements) {
    if (el.children.some(isElement)) continue;
    const text = nodeText(el).toLowerCase();
    if (text.length > 120) continue;
    const code = codes.find((c) => new RegExp(`(^|[^a-z0-9])${escapeRegExp(c)}($|[^a-z0-9])`).test(text));
    if (code) out.push({ value: originalCase(nodeText(el), code), el, score: 0.5, origin: 'page-text' });
  }
  return out;
}

/**
 * Last resort: the code that ends the page's own canonical address (`/itm/1234567890`), when nothing
 * on the page is labelled as a code. Its snippet is the address, which the page itself states.
 */
function canonicalUrlCode(ctx: PageContext): SkuCandidate[] {
  const el =
    descendants(ctx.doc, 'link').find((l) => /\bcanonical\b/i.test(attr(l, 'rel') ?? '')) ??
    ctx.meta.get('og:url');
  const href = el ? (attr(el, 'href') ?? attr(el, 'content')) : undefined;
  if (!el || !href) return [];
  let path: string;
  try {
    path = new URL(href, ctx.url).pathname;
  } catch {
    return [];
  }
  const last = safeDecode(path.split('/').filter(Boolean).pop() ?? '').replace(/\.(html?|php|aspx?)$/i, '');
  const code = last.split(/[-_,.~+=\s]+/).pop() ?? '';
  if (!/^\d{5,20}$/.test(code) && !/^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9]{6,20}$/.test(code)) return [];
  return [{ value: code, el, score: -1, origin: 'page-text' }];
}

function originalCase(text: string, lower: string): string {
  const at = text.toLowerCase().indexOf(lower);
  return at < 0 ? lower : text.slice(at, at + lower.length);
}

function labelScore(text: string, at: number): number {
  const label = text.slice(at).replace(/^[^\p{L}]+/u, '');
  // a maker's model, style or part number: the lexicon's one list of such labels, in every language
  if (isMakerCodeLabel(LABEL_AT_START.exec(label)?.[0] ?? label)) return 2;
  return STRONG_LABEL.test(label) ? 3.5 : 3;
}

function hasChildWithSameText(el: Element, text: string): boolean {
  return el.children.some((c) => isElement(c) && nodeText(c) === text);
}

function nextElementSibling(el: Element): Element | undefined {
  for (let n = el.next; n; n = n.next) if (isElement(n)) return n;
  return undefined;
}

/** Path segments and query values of the page URL, split on separators: product codes often appear there. */
function tokensOfUrl(url: string): Set<string> {
  const tokens = new Set<string>();
  try {
    const u = new URL(url);
    const parts = [...u.pathname.split('/'), ...[...u.searchParams.values()]];
    for (const part of parts) {
      const decoded = safeDecode(part)
        .toLowerCase()
        .replace(/\.(html?|php|aspx?)$/, '');
      tokens.add(decoded);
      for (const t of decoded.split(/[-_,.~+=\s]+/)) if (t.length >= 3) tokens.add(t);
    }
  } catch {
    // not a URL: no tokens
  }
  return tokens;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
