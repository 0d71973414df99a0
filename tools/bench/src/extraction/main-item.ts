/**
 * Whether a page's main item survived main-content extraction: on a product page whose price (and
 * brand) are known, the extracted text should state them. A price is compared as a number, with
 * either decimal separator and any grouping ("1.299,00", "1,299.00", "1 299", "87.11").
 */

/** Every number written in a text, read both ways when its separator is ambiguous, in cents. */
export function amountsIn(text: string): Set<number> {
  const out = new Set<number>();
  for (const m of text.matchAll(/\d[\d.,'\u00a0\u202f ]*\d|\d/g)) {
    const token = m[0].replace(/[\u00a0\u202f ']/g, '');
    for (const value of readings(token)) out.add(Math.round(value * 100));
  }
  return out;
}

/** "1.299,00" → 1299; "87.11" → 87.11; "1,299" → 1299 or 1.299; "12,5" → 12.5. */
function readings(token: string): number[] {
  const lastSep = Math.max(token.lastIndexOf('.'), token.lastIndexOf(','));
  if (lastSep < 0) return [Number(token)];
  const whole = token.slice(0, lastSep).replace(/[.,]/g, '');
  const tail = token.slice(lastSep + 1);
  const asDecimal = Number(`${whole}.${tail}`);
  const asGrouped = Number(token.replace(/[.,]/g, ''));
  // two decimals are a price's cents; three digits after the last separator may be either
  if (tail.length <= 2) return [asDecimal];
  if (tail.length === 3) return [asDecimal, asGrouped];
  return [asGrouped];
}

/** True when the text states one of the gold prices (as numbers, to the cent). */
export function statesPrice(text: string, gold: readonly string[]): boolean {
  const amounts = amountsIn(text);
  return gold.some((g) => {
    const value = Number(g.replace(/,/g, ''));
    return Number.isFinite(value) && amounts.has(Math.round(value * 100));
  });
}

/** True when the text names one of the gold brands (case and spacing aside). */
export function namesBrand(text: string, gold: readonly string[]): boolean {
  const squash = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();
  const haystack = squash(text);
  return gold.some((b) => squash(b).length > 1 && haystack.includes(squash(b)));
}
