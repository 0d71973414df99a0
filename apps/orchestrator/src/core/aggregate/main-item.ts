import type { EvidenceRef, Listing, ScoredAnswer } from '@forage/contracts';
import { CURRENCY_CODES, CURRENCY_SIGNS, numbersIn } from '@forage/lexicon';
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

const SIGNS = [...CURRENCY_SIGNS.map((s) => s.sign), ...CURRENCY_CODES]
  .sort((a, b) => b.length - a.length)
  .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|');
const SIGN_BEFORE = new RegExp(`(?:${SIGNS})\\s?$`, 'u');
const SIGN_AFTER = new RegExp(`^\\s?(?:${SIGNS})(?![\\p{L}])`, 'u');

/** The price as the page writes it in the field's snippet, with a currency sign written next to it ("$87.11", "119,01 €"). */
export function priceAsWritten(snippet: string, amount: number): string | undefined {
  const mention = numbersIn(snippet).find((m) => m.amount === amount || m.alternative === amount);
  if (!mention) return undefined;
  const start = mention.index;
  const end = start + mention.raw.length;
  const before = SIGN_BEFORE.exec(snippet.slice(Math.max(0, start - 5), start))?.[0] ?? '';
  const after = before ? '' : (SIGN_AFTER.exec(snippet.slice(end, end + 5))?.[0] ?? '');
  return snippet.slice(start - before.length, end + after.length).trim();
}

function safeNormalize(url: string): string {
  try {
    return normalizeUrl(url);
  } catch {
    return url;
  }
}
