import { parseHtml, readProductPage, readStructuredData } from '@forage/app-dom-understanding';
import type { ProductPage, ScoredAttribute } from './dataset.js';

export type PredictionRow = Partial<Record<ScoredAttribute, string>>;

/** dom-understanding's product reader (markup, then meta tags and page text) as benchmark predictions. */
export function forageProduct(page: ProductPage, markupOnly = false): PredictionRow {
  const doc = parseHtml(page.html);
  const listing = readProductPage({ doc, url: page.url, items: readStructuredData(doc), markupOnly });
  const row: PredictionRow = {};
  if (listing?.price) row.price = listing.price.value;
  if (listing?.sku) row.sku = listing.sku.value;
  if (listing?.availability) {
    // the benchmark knows two values; limited availability can still be bought, the rest cannot now
    row.availability = ['InStock', 'LimitedAvailability'].includes(listing.availability.value)
      ? 'InStock'
      : 'OutOfStock';
  }
  return row;
}
