import { numbersIn } from '@forage/lexicon';
import { canonicalDecimal } from '../products/metric.js';

/**
 * The price an answer states, as the benchmark's metric compares it: the first number in the
 * released value, read with either decimal separator ("1.299,00" and "1,299.00" are both 1299).
 */
export function statedPrice(value: string): string | undefined {
  const first = numbersIn(value)[0];
  if (!first) return undefined;
  return canonicalDecimal(String(first.amount));
}

/** Both readings of an ambiguous price ("1,234" is 1234 or 1.234), for the right-or-wrong check. */
export function priceReadings(value: string): string[] {
  const first = numbersIn(value)[0];
  if (!first) return [];
  const readings = [first.amount, ...(first.alternative === undefined ? [] : [first.alternative])];
  return readings.map((n) => canonicalDecimal(String(n))).filter((r): r is string => r !== undefined);
}

/** Right when a reading of the stated price equals a reading of a gold value (either decimal separator, both sides). */
export function priceIsRight(gold: readonly string[], value: string): boolean {
  const wanted = new Set(
    gold.flatMap((g) => [canonicalDecimal(g), ...priceReadings(g)]).filter((g) => g !== undefined),
  );
  return priceReadings(value).some((r) => wanted.has(r));
}

const normalise = (s: string): string => s.replace(/\s+/g, '').toLowerCase();

/**
 * The SKU an answer states: the released value itself, or the value after a label ("SKU: 123",
 * "Art.-Nr. 123"); compared without spaces or case.
 */
export function skuIsRight(gold: readonly string[], value: string): boolean {
  const afterLabel = /^[^:：#]{1,40}[:：#]\s*(.+)$/u.exec(value.trim())?.[1] ?? value;
  const candidates = new Set([normalise(value), normalise(afterLabel)]);
  return gold.some((g) => candidates.has(normalise(g)));
}
