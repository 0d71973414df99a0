import type { EvidenceRef, Listing, ScoredAnswer } from '@forage/contracts';
import { priceAsWritten } from '@forage/lexicon';
import { asksAboutPage } from '../claim-statement.js';
import { normalizeUrl } from '../explore/site-frontier.js';
import type { Part, Plan } from '../plan/plan.js';

/** The fields of a page's main record that answer an attribute of the same name. */
const FIELD_OF: Readonly<Record<string, 'price' | 'sku' | 'availability' | 'brand'>> = {
  price: 'price',
  sku: 'sku',
  availability: 'availability',
  brand: 'brand',
};

type Field = NonNullable<Extract<Listing, { kind: 'product' }>['price']>;

/** The record a page read is about, with the capture it was read from (the evidence its fields cite). */
export interface MainItem {
  readonly item: Listing;
  readonly capture: { readonly domSnapshot: EvidenceRef; readonly logRecordId: string };
}

/**
 * The answer to "what is the <attribute> of this product/page?" from the record dom-understanding
 * read as the page's own item (its structured data, meta tags or labelled text, each field with
 * the node it came from), when the user gave the page and the record has the attribute. The value
 * is not read again here: the field's own Source is the citation the verifier re-reads.
 */
export function mainItemAnswer(input: {
  plan: Pick<Plan, 'startUrls'>;
  part: Pick<Part, 'question' | 'attribute'>;
  mainItems: ReadonlyMap<string, MainItem>;
}): ScoredAnswer | undefined {
  const { plan, part } = input;
  const key = part.attribute === undefined ? undefined : FIELD_OF[part.attribute];
  if (!key || !asksAboutPage(plan, part)) return undefined;
  const given = new Set(plan.startUrls.map(safeNormalize));
  for (const [url, { item, capture }] of input.mainItems) {
    if (!given.has(safeNormalize(url))) continue;
    const field = (item as Partial<Record<typeof key, Field>>)[key];
    if (!field?.source) continue;
    const text =
      key === 'price' ? (priceAsWritten(field.snippet, Number(field.value)) ?? field.value) : field.value;
    return {
      text,
      confidence: item.confidence,
      source: {
        ...field.source,
        ...capture,
        chunkId: field.source.nodeId,
      },
    };
  }
  return undefined;
}

function safeNormalize(url: string): string {
  try {
    return normalizeUrl(url);
  } catch {
    return url;
  }
}
