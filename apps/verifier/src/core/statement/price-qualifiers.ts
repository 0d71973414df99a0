import { numbersIn } from '@forage/lexicon';

/**
 * Words that make an amount another figure than the item's price, by language: a shipping or
 * delivery charge, an amount before tax, a saving. Read only in the amount's own words (see
 * `qualifierOf`), never across the page.
 */
const QUALIFIERS: Readonly<Record<string, readonly string[]>> = {
  shipping: [
    'shipping',
    'delivery',
    'postage',
    'livraison',
    'frais de port',
    'versand',
    'versandkosten',
    'lieferung',
    'envío',
    'envio',
    'spedizione',
    'frete',
    'verzending',
    'bezorging',
    'dostawa',
    'wysyłka',
    'frakt',
    'doprava',
    'poštovné',
    'dostava',
    'poštnina',
    'доставка',
  ],
  'amount before tax': [
    'excl. vat',
    'ex vat',
    'ex. vat',
    'excluding vat',
    'without vat',
    'before tax',
    'ohne mwst',
    'zzgl. mwst',
    'hors taxes',
    'sin iva',
    'iva esclusa',
    'sem iva',
    'excl. btw',
    'bez dph',
    'brez ddv',
    'bez pdv',
    'bez vat',
    'без ндс',
  ],
  saving: [
    'you save',
    'save',
    'économisez',
    'sie sparen',
    'ahorra',
    'risparmi',
    'economize',
    'poupe',
    'taniej o',
    'oszczędzasz',
    'экономия',
  ],
};

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PATTERNS = Object.entries(QUALIFIERS).map(([kind, words]) => ({
  kind,
  before: new RegExp(`(?:^|[^\\p{L}])(?:${words.map(escape).join('|')})(?![\\p{L}])[^\\p{L}\\p{N}]*$`, 'iu'),
  after: new RegExp(`^[^\\p{L}\\p{N}]*(?:${words.map(escape).join('|')})(?![\\p{L}])`, 'iu'),
}));

/**
 * What makes the amount at `[at, at + length)` of a node another figure than the price: a
 * qualifier just before it (since the amount before it, if any) or as the first word after it
 * ("$99.23 Shipping", "Brez DDV: 36.53€"). A word after the first ("$20 Free shipping") qualifies
 * something else.
 */
export function qualifierOf(text: string, at: number, length: number): string | undefined {
  const amounts = numbersIn(text);
  const mine = amounts.find((m) => m.index <= at && m.index + m.raw.length >= at + length);
  const start = mine?.index ?? at;
  const end = mine ? mine.index + mine.raw.length : at + length;
  const previousEnd = Math.max(
    0,
    ...amounts.filter((m) => m.index + m.raw.length <= start).map((m) => m.index + m.raw.length),
  );
  const head = text.slice(Math.max(previousEnd, start - 30), start);
  const tail = text.slice(end, end + 30);
  return PATTERNS.find((p) => p.before.test(head) || p.after.test(tail))?.kind;
}
