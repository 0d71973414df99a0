import type { Document } from 'domhandler';
import type { ProductListing } from '@forage/contracts';
import { xpathOf } from '../xpath.js';
import { nodeText } from './node-text.js';
import { pageAvailability } from './page-availability.js';
import { pageContext, type PageContext } from './page-context.js';
import { pagePrice } from './page-price.js';
import { pageSku } from './page-sku.js';
import { isProductItem, opt, schemaProduct, type SchemaProduct } from './schema-product.js';
import { allItems, type StructuredItem } from './structured-item.js';

/** Confidence of a listing read from markup, page meta tags or page text (before field coverage is counted). */
const ORIGIN_CONFIDENCE = { markup: 0.9, page: 0.6 } as const;

/**
 * The product a product page is about: schema.org markup when the page has it (the item whose name
 * matches the main heading), every field it lacks filled from meta tags and the page's own text.
 * Undefined when neither markup nor text yields a price or a product code.
 */
export function readProductPage(input: {
  doc: Document;
  url: string;
  items: readonly StructuredItem[];
  /** Read schema.org markup only (the extruct-style baseline). */
  markupOnly?: boolean;
}): ProductListing | undefined {
  const ctx = pageContext(input.doc, input.url);
  const main = mainProduct(allItems(input.items).filter(isProductItem), ctx);
  if (input.markupOnly) return main ? toListing(main, undefined, ctx) : undefined;
  const fromPage = {
    ...opt('price', main?.price ? undefined : pagePrice(ctx)),
    ...opt('sku', main?.sku ? undefined : pageSku(ctx)),
    ...opt('availability', main?.availability ? undefined : pageAvailability(ctx)),
  };
  const listing = toListing(main, fromPage, ctx);
  return listing.price || listing.sku ? listing : undefined;
}

function toListing(
  main: SchemaProduct | undefined,
  page:
    | {
        price?: ReturnType<typeof pagePrice>;
        sku?: ReturnType<typeof pageSku>;
        availability?: ReturnType<typeof pageAvailability>;
      }
    | undefined,
  ctx: PageContext,
): ProductListing {
  const price = main?.price ?? page?.price?.price;
  const currency = main?.price ? main.currency : (page?.price?.currency ?? main?.currency);
  const sku = main?.sku ?? page?.sku;
  const availability = main?.availability ?? page?.availability;
  const name =
    main?.name ??
    (ctx.title
      ? {
          value: nodeText(ctx.title),
          xpath: xpathOf(ctx.title),
          snippet: nodeText(ctx.title).slice(0, 300),
          origin: 'page-text' as const,
        }
      : undefined);
  const fields = [price, sku, availability, name];
  const coverage = fields.filter(Boolean).length / fields.length;
  const base = main ? ORIGIN_CONFIDENCE.markup : ORIGIN_CONFIDENCE.page;
  return {
    kind: 'product',
    id: 'p1',
    xpath: main?.item.xpath ?? '/html[1]/body[1]',
    origin: main?.item.origin ?? 'page-text',
    confidence: Math.round(base * (0.5 + 0.5 * coverage) * 100) / 100,
    ...opt('name', name),
    ...opt('price', price),
    ...opt('currency', currency),
    ...opt('sku', sku),
    ...opt('availability', availability),
    ...opt('brand', main?.brand),
  };
}

/** The product item the page is about: the one named like the main heading, else the first with an offer. */
function mainProduct(items: StructuredItem[], ctx: PageContext): SchemaProduct | undefined {
  if (items.length === 0) return undefined;
  const heading = ctx.title ? nodeText(ctx.title).toLowerCase() : '';
  const read = items.map(schemaProduct);
  const score = (p: SchemaProduct): number => {
    const name = p.name?.value.toLowerCase() ?? '';
    const named = heading !== '' && name !== '' && (heading.includes(name) || name.includes(heading)) ? 4 : 0;
    return named + (p.price ? 2 : 0) + (p.sku ? 1 : 0) + (p.availability ? 1 : 0);
  };
  return read.reduce((best, p) => (score(p) > score(best) ? p : best));
}
