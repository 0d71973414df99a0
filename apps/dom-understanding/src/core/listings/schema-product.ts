import type { ProductAvailability } from '@forage/contracts';
import { schemaAvailability } from './availability.js';
import { fieldFrom, type Field } from './field.js';
import { parsePriceValue } from './price.js';
import {
  firstText,
  hasType,
  nestedItems,
  type StructuredItem,
  type StructuredValue,
} from './structured-item.js';

/** The product fields schema.org markup states for one item (its offers included). */
export interface SchemaProduct {
  readonly item: StructuredItem;
  readonly name?: Field<string>;
  readonly price?: Field<string>;
  readonly currency?: Field<string>;
  readonly sku?: Field<string>;
  readonly availability?: Field<ProductAvailability>;
  readonly brand?: Field<string>;
}

const PRODUCT_TYPES = [
  'Product',
  'ProductModel',
  'IndividualProduct',
  'SomeProducts',
  'ProductGroup',
  'Vehicle',
  'Book',
];
const OFFER_TYPES = ['Offer', 'AggregateOffer'];

export function isProductItem(item: StructuredItem): boolean {
  return hasType(item, ...PRODUCT_TYPES) || item.types.some((t) => t.endsWith('Product'));
}

/** Reads a Product item: name, sku, brand, and price, currency and availability from its first offer that has a price. */
export function schemaProduct(item: StructuredItem): SchemaProduct {
  const offers = offersOf(item);
  const priced = offers.map((o) => ({ offer: o, price: offerPrice(o) })).find((o) => o.price !== undefined);
  const offer = priced?.offer ?? offers[0];
  const price = priced?.price ?? ownPrice(item);
  const text = (owner: StructuredItem | undefined, ...props: string[]): Field<string> | undefined => {
    if (!owner) return undefined;
    const v = firstText(owner, ...props);
    return v?.text === undefined ? undefined : fieldFrom(v.text.trim(), v, owner);
  };
  const availabilityAt = [offer, ...offers, item]
    .filter((o): o is StructuredItem => o !== undefined)
    .map((o) => ({ o, v: firstText(o, 'availability') }))
    .find((x) => x.v?.text !== undefined && schemaAvailability(x.v.text) !== undefined);
  const availability = availabilityAt?.v?.text ? schemaAvailability(availabilityAt.v.text) : undefined;
  const currencyField = text(offer, 'priceCurrency') ?? price?.currency;
  return {
    item,
    ...opt('name', text(item, 'name')),
    ...opt('price', price?.amount),
    ...opt('currency', currencyField),
    ...opt('sku', codeOnly(text(item, 'sku') ?? text(offer, 'sku') ?? text(item, 'productID'))),
    ...opt(
      'availability',
      availability && availabilityAt?.v
        ? fieldFrom(availability, availabilityAt.v, availabilityAt.o)
        : undefined,
    ),
    ...opt('brand', text(item, 'brand', 'manufacturer')),
  };
}

/**
 * A product code as markup states it, without the words a shop wrapped around it in the same element
 * (`<span itemprop="productID">AB-1234 Watch</span>`): a first word holding a digit followed only by
 * words without digits is the code. A code written as several words ("ZX 9010 TOWER") stays whole.
 */
export function codeOnly(field: Field<string> | undefined): Field<string> | undefined {
  if (!field) return undefined;
  const [first, ...rest] = field.value.split(/\s+/);
  if (!first || rest.length === 0 || !/\d/.test(first) || rest.some((w) => /\d/.test(w))) return field;
  return { ...field, value: first };
}

function offersOf(item: StructuredItem): StructuredItem[] {
  const direct = nestedItems(item, 'offers');
  // an AggregateOffer may carry its own offers; a Product may nest its variants' offers (hasVariant)
  const nested = direct.flatMap((o) => nestedItems(o, 'offers'));
  const variants = nestedItems(item, 'hasVariant').flatMap((v) => nestedItems(v, 'offers'));
  return [...direct, ...nested, ...variants].filter(
    (o) => o.types.length === 0 || hasType(o, ...OFFER_TYPES),
  );
}

interface PriceReading {
  readonly amount: Field<string>;
  readonly currency?: Field<string>;
}

function offerPrice(offer: StructuredItem): PriceReading | undefined {
  const spec = nestedItems(offer, 'priceSpecification');
  for (const owner of [offer, ...spec]) {
    const reading = ownPrice(owner);
    if (reading) return reading;
  }
  return undefined;
}

function ownPrice(owner: StructuredItem): PriceReading | undefined {
  for (const prop of ['price', 'lowPrice', 'highPrice']) {
    for (const v of owner.props.get(prop) ?? []) {
      const parsed = v.text === undefined ? undefined : parsePriceValue(v.text);
      if (parsed) return priceReading({ parsed, at: v, owner });
    }
  }
  return undefined;
}

function priceReading(input: {
  parsed: { amount: string; currency?: string };
  at: StructuredValue;
  owner: StructuredItem;
}): PriceReading {
  const { parsed, at, owner } = input;
  return {
    amount: fieldFrom(parsed.amount, at, owner),
    ...(parsed.currency ? { currency: fieldFrom(parsed.currency, at, owner) } : {}),
  };
}

/** `{ key: value }` when the value is defined, else `{}` (exactOptionalPropertyTypes-friendly spreading). */
export function opt<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return value === undefined ? {} : ({ [key]: value } as { [P in K]?: V });
}
