import type { Element } from 'domhandler';
import type { Listing } from '@forage/contracts';
import { readCardFields, type CardFields } from './card-fields.js';
import { PER_NIGHT, SCHOLARLY, STAR_CLASS } from './content-patterns.js';
import { opt } from './schema-product.js';
import { xpathOf } from '../xpath.js';

type ListingWithoutId = Listing extends infer L ? (L extends Listing ? Omit<L, 'id'> : never) : never;
export type ListingKind = Listing['kind'];

/**
 * What a card describes, by the kinds of values it holds: a price for a night's stay or a star
 * class makes a hotel, any other price a product; without a price, scholarly signs (DOI, "et al.",
 * an abstract) make a paper and an e-mail or phone a contact.
 */
export function kindOf(fields: CardFields): ListingKind | undefined {
  if (fields.price) return PER_NIGHT.test(fields.text) || STAR_CLASS.test(fields.text) ? 'hotel' : 'product';
  if (SCHOLARLY.test(fields.text) || (fields.authors && fields.date)) return 'paper';
  if (fields.email || fields.phone) return 'contact';
  return undefined;
}

/** A listing of the given kind from a card's fields; confidence grows with the share of the kind's fields found. */
export function listingFromCard(input: {
  card: Element;
  fields: CardFields;
  kind: ListingKind;
  /** 0–1: how sure the reader is that the card is a record at all (a repeated template is surer than a lone block). */
  structureConfidence: number;
}): ListingWithoutId {
  const { card, fields: f, kind } = input;
  const base = { xpath: xpathOf(card), origin: 'repeated-structure' as const };
  const confidence = (present: readonly unknown[]): number =>
    Math.round(
      input.structureConfidence * (0.5 + (0.5 * present.filter(Boolean).length) / present.length) * 100,
    ) / 100;
  switch (kind) {
    case 'hotel':
      return {
        kind,
        ...base,
        confidence: confidence([f.name, f.price, f.location, f.starRating]),
        ...opt('name', f.name),
        ...opt('price', f.price),
        ...opt('currency', f.currency),
        ...opt('location', f.location ?? f.address),
        ...opt('star_rating', f.starRating),
        ...opt('amenities', f.amenities),
        ...opt('distance', f.distance),
      };
    case 'product':
      return {
        kind,
        ...base,
        confidence: confidence([f.name, f.price, f.availability]),
        ...opt('name', f.name),
        ...opt('price', f.price),
        ...opt('currency', f.currency),
        ...opt('sku', f.sku),
        ...opt('availability', f.availability),
      };
    case 'contact':
      return {
        kind,
        ...base,
        confidence: confidence([f.name, f.email, f.phone, f.address]),
        ...opt('name', f.name),
        ...opt('email', f.email),
        ...opt('phone', f.phone),
        ...opt('address', f.address),
      };
    case 'paper':
      return {
        kind,
        ...base,
        confidence: confidence([f.name, f.authors, f.date, f.url]),
        ...opt('title', f.name),
        ...opt('authors', f.authors),
        ...opt('date', f.date),
        ...opt('abstract', f.abstract),
        ...opt('url', f.url),
      };
  }
}

/** Reads every card of a group; the group counts when most cards are the same kind of record. */
export function listingsFromGroup(cards: readonly Element[]): ListingWithoutId[] {
  const read = cards.map((card) => ({ card, fields: readCardFields(card) }));
  const kinds = read.map((r) => kindOf(r.fields));
  const counts = new Map<ListingKind, number>();
  for (const k of kinds) if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
  const [kind, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!kind || !count || count * 2 < cards.length) return [];
  const structureConfidence = cards.length >= 3 ? 0.8 : 0.7;
  return read
    .filter((_, i) => kinds[i] === kind || (kind === 'hotel' && kinds[i] === 'product'))
    .map(({ card, fields }) => listingFromCard({ card, fields, kind, structureConfidence }));
}
