import type { Listing } from '@forage/contracts';

/** A field as every listing kind carries it. */
interface AnyField {
  readonly value: unknown;
  readonly xpath: string;
}

/**
 * Measures how stable each listing's selectors are across a reload of the same page: the share of
 * its fields read from the same XPath with the same value in the reloaded page (0 when the record
 * itself is not found again at its XPath). The share is recorded as `stability` and scales the
 * confidence (a record whose selectors drift is half as sure).
 */
export function withReloadStability(listings: readonly Listing[], reloaded: readonly Listing[]): Listing[] {
  const byPlace = new Map(reloaded.map((l) => [`${l.kind}|${l.xpath}`, l]));
  return listings.map((listing) => {
    const again = byPlace.get(`${listing.kind}|${listing.xpath}`);
    const fields = fieldsOf(listing);
    const againFields = again ? fieldsOf(again) : new Map<string, AnyField>();
    const stable = [...fields].filter(([name, f]) => {
      const other = againFields.get(name);
      return (
        other !== undefined &&
        other.xpath === f.xpath &&
        JSON.stringify(other.value) === JSON.stringify(f.value)
      );
    }).length;
    const stability = again && fields.size > 0 ? stable / fields.size : 0;
    const confidence = Math.round(listing.confidence * (0.5 + 0.5 * stability) * 100) / 100;
    return { ...listing, stability: Math.round(stability * 100) / 100, confidence };
  });
}

function fieldsOf(listing: Listing): Map<string, AnyField> {
  const out = new Map<string, AnyField>();
  for (const [name, value] of Object.entries(listing) as [string, unknown][])
    if (typeof value === 'object' && value !== null && 'xpath' in value && 'value' in value)
      out.set(name, value as AnyField);
  return out;
}
