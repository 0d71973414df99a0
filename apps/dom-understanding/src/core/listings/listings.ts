import type { Document, Element } from 'domhandler';
import type { Listing } from '@forage/contracts';
import { isElement } from '@forage/html';
import { readCardFields } from './card-fields.js';
import { kindOf, listingFromCard, listingsFromGroup } from './card-listings.js';
import { xpathOf } from '../xpath.js';
import { clip, nodeText } from './node-text.js';
import { pageAvailability } from './page-availability.js';
import { pageContext } from './page-context.js';
import { readProductPage } from './product-page.js';
import { findCardGroups } from './repeated-structure.js';
import { schemaListings } from './schema-listings.js';
import { readStructuredData } from './structured-data.js';

const MAX_LISTINGS = 200;
const MAX_CARDS_PER_GROUP = 100;
/** Largest block around the main heading still read as one record on a detail page. */
const MAX_DETAIL_TEXT = 6_000;

/**
 * Typed listings of a page, without site-specific rules: schema.org items first (JSON-LD,
 * microdata, RDFa); then repeated cards, for the kinds the markup did not give; then, when neither
 * found anything, the page's main block as one record (a product or hotel detail page).
 */
export function extractListings(doc: Document, url: string): Listing[] {
  const items = readStructuredData(doc);
  const fromMarkup = schemaListings(items);
  const markupProducts = fromMarkup.filter((l) => l.kind === 'product');
  const found: Omit<Listing, 'id'>[] = [...fromMarkup];
  if (markupProducts.length === 1) {
    // one product in markup: a product page; fill what the markup lacks from meta tags and page text
    const page = readProductPage({ doc, url, items });
    if (page) found.splice(found.indexOf(markupProducts[0] as Omit<Listing, 'id'>), 1, { ...page });
  }
  const markupKinds = new Set(fromMarkup.map((l) => l.kind));
  // the grouping that types the most cards wins; among equals the outermost (whole cards, not their parts)
  const candidates = findCardGroups(doc)
    .map((group) => ({ group, listings: listingsFromGroup(group.cards.slice(0, MAX_CARDS_PER_GROUP)) }))
    .filter((c) => c.listings.length > 0)
    .sort(
      (a, b) => b.listings.length - a.listings.length || depth(a.group.container) - depth(b.group.container),
    );
  const claimed = new Set<Element>();
  for (const { group, listings } of candidates) {
    if (group.cards.some((c) => overlaps(c, claimed))) continue;
    group.cards.forEach((c) => claimed.add(c));
    found.push(...listings.filter((l) => !markupKinds.has(l.kind)));
  }
  if (fromMarkup.length === 0) {
    // a detail page's own record comes first; cards beside it (related items) stay
    const detail = detailListing({ doc, url, claimed });
    if (detail) found.unshift(detail);
  }
  return found.slice(0, MAX_LISTINGS).map((l, i) => ({ ...l, id: `l${i + 1}` }));
}

/** A detail page read as one record: a product page when it offers a purchase, else the main block's fields. */
function detailListing(input: {
  doc: Document;
  url: string;
  /** Cards already read; a main block that holds them is a list page, not a detail page. */
  claimed: ReadonlySet<Element>;
}): Omit<Listing, 'id'> | undefined {
  const { doc, url, claimed } = input;
  const ctx = pageContext(doc, url);
  if (!ctx.title) return undefined;
  const block = mainBlock(ctx.title);
  if (overlaps(block, claimed)) return undefined;
  const fields = readCardFields(block);
  const kind = kindOf(fields);
  if (kind === 'product' || kind === undefined) {
    // a price alone does not make a product page (an article may quote prices): it must offer a purchase
    const product = pageAvailability(ctx) ? readProductPage({ doc, url, items: [] }) : undefined;
    return product ? { ...product } : undefined;
  }
  // on a detail page the main heading names the record
  const title = nodeText(ctx.title);
  const name = {
    value: title,
    xpath: xpathOf(ctx.title),
    snippet: clip(title),
    origin: 'page-text' as const,
  };
  return asPageText(
    listingFromCard({ card: block, fields: { ...fields, name }, kind, structureConfidence: 0.6 }),
  );
}

/** The smallest ancestor of the main heading that holds more than the heading (its article, section or main). */
function mainBlock(title: Element): Element {
  let block: Element = title;
  for (let cur = title.parent; isElement(cur); cur = cur.parent) {
    if (nodeText(cur).length > MAX_DETAIL_TEXT) break;
    block = cur;
    if (
      ['article', 'main', 'section'].includes(cur.name) &&
      nodeText(cur).length > nodeText(title).length * 3
    )
      break;
  }
  return block;
}

function depth(el: Element): number {
  let d = 0;
  for (let cur = el.parent; isElement(cur); cur = cur.parent) d++;
  return d;
}

/** True when the element is inside a claimed card or holds one. */
function overlaps(el: Element, claimed: ReadonlySet<Element>): boolean {
  for (let cur: Element | undefined = el; cur; cur = isElement(cur.parent) ? cur.parent : undefined)
    if (claimed.has(cur)) return true;
  for (const c of claimed)
    for (let cur = c.parent; isElement(cur); cur = cur.parent) if (cur === el) return true;
  return false;
}

/** A record read from the page's main block rather than from a repeated card. */
function asPageText(listing: Omit<Listing, 'id'>): Omit<Listing, 'id'> {
  const out: Record<string, unknown> = { ...listing, origin: 'page-text' };
  for (const [key, value] of Object.entries(listing) as [string, unknown][])
    if (isField(value)) out[key] = { ...value, origin: 'page-text' };
  return out as Omit<Listing, 'id'>;
}

function isField(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && 'origin' in value;
}
