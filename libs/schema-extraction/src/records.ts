import type { Listing, SourcedChunk } from '@forage/contracts';
import { CURRENCY_SIGNS, isMakerCodeLabel, priceAsWritten } from '@forage/lexicon';
import { flat, isNameField, labelNamesField } from './field-names.js';
import { sourceOfChunk, type FoundValue, type PageFacts, type PageRecord } from './page-facts.js';
import type { TableRow } from './table-rows.js';

/** Listing keys that are no field of the item. */
const NOT_FIELDS = new Set(['kind', 'id', 'xpath', 'origin', 'confidence', 'stability']);
/** Lexicon attributes stored under another listing key. */
const KEY_OF_ATTRIBUTE: Readonly<Record<string, string>> = { rating: 'star_rating', author: 'authors' };

/** A chunk that is one "label: value" line (a definition, a spec row), not a row of several cells. */
const LABELLED = /^([^:;]{1,60}):\s*([^;]{1,300})$/;

interface ListingFieldValue {
  readonly value: unknown;
  readonly snippet: string;
  readonly source?: FoundValue['source'] | undefined;
}

/** The field of a listing a property names: its own key, the name, or the key of the attribute it asks for. */
function listingField(
  listing: Listing,
  field: { name: string; attribute: string | undefined },
): { key: string; field: ListingFieldValue } | undefined {
  const fields = listing as unknown as Record<string, ListingFieldValue | undefined>;
  const keys = Object.keys(listing).filter((k) => !NOT_FIELDS.has(k));
  const wanted = [
    keys.find((k) => flat(k) === flat(field.name)),
    isNameField(field.name) ? (keys.includes('name') ? 'name' : 'title') : undefined,
    field.attribute ? (KEY_OF_ATTRIBUTE[field.attribute] ?? field.attribute) : undefined,
  ];
  for (const key of wanted) {
    const found = key ? fields[key] : undefined;
    if (key && found?.source) return { key, field: found };
  }
  return undefined;
}

/** What a claim quotes of a listing field: the value when the snippet writes it, the price as written, else the snippet. */
function writtenValue(key: string, field: ListingFieldValue): string | undefined {
  const value =
    typeof field.value === 'string' || typeof field.value === 'number' ? String(field.value) : undefined;
  if (value === undefined) return undefined;
  const snippet = field.snippet;
  if (key === 'price')
    return priceAsWritten(snippet, Number(value)) ?? (snippet.includes(value) ? value : undefined);
  if (snippet.includes(value)) return value;
  if (key === 'currency') {
    const sign = CURRENCY_SIGNS.find((c) => c.code === value && snippet.includes(c.sign))?.sign;
    if (sign) return sign;
  }
  const trimmed = snippet.trim();
  return trimmed.length > 0 && trimmed.length <= 300 ? trimmed : undefined;
}

/** A record of a typed listing (the main item or a card), with the labelled lines of its own chunks for what it lacks. */
export function listingRecord(input: {
  listing: Listing;
  main: boolean;
  chunks: readonly SourcedChunk[];
}): PageRecord {
  const { listing } = input;
  const nameField = listing.kind === 'paper' ? listing.title : listing.name;
  return {
    name: nameField?.value,
    main: input.main,
    read: (field) => {
      const found = listingField(listing, field);
      if (found?.field.source) {
        const text = writtenValue(found.key, found.field);
        if (text !== undefined)
          return {
            text,
            raw: found.field.value as string | number,
            source: { ...found.field.source, snippet: found.field.source.snippet || found.field.snippet },
            confidence: listing.confidence,
          };
      }
      return labelledIn(input.chunks, field, listing.confidence);
    },
  };
}

/** The value under a label naming the field, in chunks that are one "label: value" line each. */
export function labelledIn(
  chunks: readonly SourcedChunk[],
  field: { name: string; attribute: string | undefined },
  confidence: number,
): FoundValue | undefined {
  let makers: FoundValue | undefined;
  for (const chunk of chunks) {
    const m = LABELLED.exec(chunk.text.trim());
    const label = m?.[1]?.trim();
    const value = m?.[2]?.trim();
    if (!label || !value || !labelNamesField({ label, ...field })) continue;
    const found = { text: value, raw: value, source: sourceOfChunk(chunk), confidence };
    // a page stating the seller's code and a maker's model number: the SKU is the seller's
    if (field.attribute === 'sku' && isMakerCodeLabel(label)) {
      makers ??= found;
      continue;
    }
    return found;
  }
  return makers;
}

/** A row of a data table: each cell under the header naming the field; the name is the cell under a name header. */
export function rowRecord(row: TableRow, confidence: number): PageRecord {
  const cell = (field: { name: string; attribute: string | undefined }): string | undefined => {
    for (const [header, value] of row.cells)
      if (value !== '' && labelNamesField({ label: header, ...field })) return value;
    return undefined;
  };
  const name = [...row.cells].find(([header]) => isNameField(header))?.[1];
  return {
    name,
    main: false,
    read: (field) => {
      const value = cell(field);
      return value === undefined
        ? undefined
        : { text: value, raw: value, source: sourceOfChunk(row.chunk), confidence };
    },
  };
}

/** The chunks inside an element (its own and its descendants'). */
export function chunksUnder(chunks: readonly SourcedChunk[], xpath: string): SourcedChunk[] {
  return chunks.filter((c) => c.xpath === xpath || c.xpath.startsWith(`${xpath}/`));
}

/**
 * The page's own record: its main item, and the labelled lines outside every listing card (a
 * related-products rail's cards state other items' values).
 */
export function pageRecord(page: PageFacts): PageRecord {
  const cards = page.listings.filter((l) => l.xpath !== page.mainItem?.xpath).map((l) => l.xpath);
  const own = page.chunks.filter((c) => !cards.some((x) => c.xpath === x || c.xpath.startsWith(`${x}/`)));
  const confidence = page.mainItem?.confidence ?? 0.6;
  if (page.mainItem) return listingRecord({ listing: page.mainItem, main: true, chunks: own });
  return { main: true, read: (field) => labelledIn(own, field, confidence) };
}
