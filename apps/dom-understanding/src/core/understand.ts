import type {
  ContentChunk,
  EvidenceRef,
  InteractiveElement,
  InventoryElement,
  Listing,
  ScriptedElement,
} from '@forage/contracts';
import { chunkDocument } from './chunks.js';
import { dedupeChunks } from './dedupe-chunks.js';
import { descendants, isElement, parseHtml } from '@forage/html';
import { findInteractive } from './interactive.js';
import { buildInventory } from './inventory/inventory.js';
import { withFieldSources } from './listings/field-sources.js';
import { extractListings } from './listings/listings.js';
import { readMainItem } from './listings/main-item.js';
import { withReloadStability } from './listings/selector-stability.js';
import { collapseWhitespace, renderedText } from './text.js';

export interface UnderstandLimits {
  readonly maxChunks: number;
  readonly maxInteractive: number;
  /** Budget for the serialised interactive elements, listings and inventory (chunks travel by reference). */
  readonly maxBytes: number;
  /** Most typed listings returned. */
  readonly maxListings?: number;
  /** The page's address (product codes and relative links are read against it). */
  readonly url?: string;
  /** Elements with JavaScript listeners that dom-extraction found in the same DOM. */
  readonly scripted?: readonly ScriptedElement[];
  /** The stored snapshot and the log record that names it: every listing field then carries its full Source. */
  readonly source?: { readonly domSnapshot: EvidenceRef; readonly logRecordId: string };
}

export interface PageUnderstanding {
  readonly title: string;
  readonly chunks: ContentChunk[];
  readonly interactive: InteractiveElement[];
  /** Typed records (hotels, products, contacts, papers), each field with its XPath and snippet. */
  readonly listings: Listing[];
  /** The item the page is about, read as a product (see readMainItem), with its fields' Sources. */
  readonly mainItem?: Listing;
  /** Everything the page offers to act on, with state, descriptions and ranked locators. */
  readonly inventory: InventoryElement[];
  /** Chunks dropped because they repeated an earlier chunk's text. */
  readonly duplicateChunks: number;
  /** True when chunks or elements were dropped to stay within the limits. */
  readonly truncated: boolean;
}

/** Shares of the byte budget the controls, listings and inventory may take (the rest is headroom). */
const INTERACTIVE_SHARE = 0.25;
const LISTINGS_SHARE = 0.1;
const INVENTORY_SHARE = 0.15;

/** Parses a DOM snapshot once and reads its title, content chunks and interactive elements within the limits. */
export function understandHtml(html: string, limits: UnderstandLimits): PageUnderstanding {
  const doc = parseHtml(html);
  const { chunks: allChunks, removed: duplicateChunks } = dedupeChunks(chunkDocument(doc));
  const allInteractive = findInteractive(doc, { max: limits.maxInteractive + 1 });
  const interactive = takeWithinBudget(
    allInteractive,
    limits.maxInteractive,
    limits.maxBytes * INTERACTIVE_SHARE,
  );
  const titleEl =
    descendants(doc, 'title').find((t) => isElement(t.parent) && t.parent.name === 'head') ??
    descendants(doc, 'h1')[0];
  const title = titleEl ? collapseWhitespace(renderedText(titleEl)).slice(0, 1_000) : '';
  const url = limits.url ?? 'http://localhost/';
  const extracted = extractListings(doc, url);
  // sources are attached before the budget is spent, so the reply's size counts them
  const allListings = limits.source
    ? withFieldSources(extracted, { url, title, ...limits.source, chunks: allChunks })
    : extracted;
  const listings = takeWithinBudget(allListings, limits.maxListings ?? 200, limits.maxBytes * LISTINGS_SHARE);
  const main = readMainItem(doc, url);
  const [mainItem] =
    main && limits.source
      ? withFieldSources([main], { url, title, ...limits.source, chunks: allChunks })
      : [main];
  const allInventory = buildInventory(doc, {
    ...(limits.url ? { url: limits.url } : {}),
    ...(limits.scripted ? { scripted: limits.scripted } : {}),
    max: limits.maxInteractive + 1,
  });
  const inventory = takeWithinBudget(allInventory, limits.maxInteractive, limits.maxBytes * INVENTORY_SHARE);
  // chunks are stored as a set and travel by reference: only their count is bounded
  const chunks = allChunks.slice(0, limits.maxChunks);
  return {
    title,
    chunks,
    interactive,
    listings,
    ...(mainItem ? { mainItem } : {}),
    inventory,
    duplicateChunks,
    truncated:
      chunks.length < allChunks.length ||
      interactive.length < allInteractive.length ||
      listings.length < allListings.length ||
      inventory.length < allInventory.length,
  };
}

/** The longest prefix of `items` with at most `maxCount` items and `maxBytes` of JSON. */
export function takeWithinBudget<T>(items: readonly T[], maxCount: number, maxBytes: number): T[] {
  const out: T[] = [];
  let bytes = 2;
  for (const item of items) {
    if (out.length >= maxCount) break;
    const size = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (bytes + size > maxBytes) break;
    out.push(item);
    bytes += size;
  }
  return out;
}

/** Listings with the stability of their selectors, measured against the same page captured again. */
export function listingsWithStability(input: {
  listings: readonly Listing[];
  reloadHtml: string;
  url: string;
}): Listing[] {
  const reloaded = extractListings(parseHtml(input.reloadHtml), input.url);
  return withReloadStability(input.listings, reloaded);
}
