import type { ProductAvailability } from '@forage/contracts';

const SCHEMA_VALUES: Readonly<Record<string, ProductAvailability>> = {
  instock: 'InStock',
  instoreonly: 'InStock',
  onlineonly: 'InStock',
  limitedavailability: 'LimitedAvailability',
  outofstock: 'OutOfStock',
  soldout: 'OutOfStock',
  discontinued: 'Discontinued',
  preorder: 'PreOrder',
  presale: 'PreOrder',
  backorder: 'BackOrder',
};

/** A schema.org ItemAvailability value in any spelling ("http://schema.org/InStock", "in_stock", "instock"). */
export function schemaAvailability(value: string): ProductAvailability | undefined {
  const local = value.trim().split(/[/#:]/).pop() ?? '';
  return SCHEMA_VALUES[local.replace(/[\s_-]/g, '').toLowerCase()];
}

/**
 * Phrases shops use to say an item cannot be bought now, in the languages most shops are written in.
 * They are matched on short texts only (a status line, a disabled button), never on whole pages.
 */
const OUT_OF_STOCK = [
  'out of stock',
  'sold out',
  'currently unavailable',
  'no longer available',
  'not available',
  'unavailable',
  'ausverkauft',
  'nicht verfügbar',
  'nicht lieferbar',
  'nicht auf lager',
  'vergriffen',
  'rupture de stock',
  'épuisé',
  'indisponible',
  'non disponible',
  'agotado',
  'sin stock',
  'no disponible',
  'esaurito',
  'non disponibile',
  'esgotado',
  'indisponível',
  'uitverkocht',
  'niet op voorraad',
  'slutsåld',
  'udsolgt',
  'utsolgt',
  'brak w magazynie',
  'niedostępny',
  'vyprodáno',
  'нет в наличии',
  'распродано',
  'немає в наявності',
  '在庫切れ',
  '売り切れ',
  '缺货',
  '售完',
  '품절',
];
const IN_STOCK = [
  'in stock',
  'available now',
  'ready to ship',
  'add to cart',
  'add to basket',
  'add to bag',
  'buy now',
  'auf lager',
  'lieferbar',
  'in den warenkorb',
  'en stock',
  'ajouter au panier',
  'disponible',
  'añadir al carrito',
  'disponibile',
  'aggiungi al carrello',
  'op voorraad',
  'in winkelwagen',
  'w magazynie',
  'do koszyka',
  'в наличии',
  'в корзину',
  'в наявності',
  '在庫あり',
  'カートに入れる',
  '有货',
  '加入购物车',
  '장바구니',
];

/** What a short status text says about stock, or undefined when it says nothing. */
export function availabilityFromText(text: string): ProductAvailability | undefined {
  const lower = text.toLowerCase();
  if (lower.length > 160) return undefined;
  if (OUT_OF_STOCK.some((p) => containsPhrase(lower, p))) return 'OutOfStock';
  if (/\bpre-?order\b/.test(lower)) return 'PreOrder';
  if (IN_STOCK.some((p) => containsPhrase(lower, p))) return 'InStock';
  return undefined;
}

function containsPhrase(text: string, phrase: string): boolean {
  const at = text.indexOf(phrase);
  if (at < 0) return false;
  // word boundaries for alphabetic scripts ("unavailable" must not match inside "unavailableX")
  const before = text.charAt(at - 1);
  const after = text.charAt(at + phrase.length);
  return !/\p{L}/u.test(before) && !/\p{L}/u.test(after);
}
