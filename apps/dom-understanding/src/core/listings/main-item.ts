import type { Document } from 'domhandler';
import type { Listing } from '@forage/contracts';
import { nodeText } from './node-text.js';
import { pageContext } from './page-context.js';
import { readProductPage } from './product-page.js';
import { isProductItem, schemaProduct } from './schema-product.js';
import { readStructuredData } from './structured-data.js';
import { allItems } from './structured-item.js';

/**
 * The item a page is about, read as a product: the one schema.org product of the page, or among
 * several (a product with its related items in markup) the one named like the main heading, with
 * what its markup lacks read from meta tags and the text around the heading. When several products
 * are in the markup and none is named like the heading, the markup names no main item and only the
 * page's own text is read. Undefined when no price or product code is found.
 *
 * This is not a listing: a page that merely quotes a price near its heading has a main item too.
 * It answers questions the user asks about "this product/page", and the verifier re-reads each
 * field at its node.
 */
export function readMainItem(doc: Document, url: string): Listing | undefined {
  const products = allItems(readStructuredData(doc)).filter(isProductItem);
  const heading = pageContext(doc, url).title;
  const title = heading ? nodeText(heading).toLowerCase() : '';
  const named = products.filter((item) => {
    const name = schemaProduct(item).name?.value.toLowerCase() ?? '';
    return title !== '' && name !== '' && (title.includes(name) || name.includes(title));
  });
  const items = products.length === 1 ? products : named;
  const product = readProductPage({ doc, url, items });
  return product ? { ...product, id: 'main' } : undefined;
}
