import type { Listing, ListingFieldValue, ListingPage, MergedListing } from '@forage/contracts';
import { parseGeoPoint, parseStatedDistance } from './distance.js';
import { normalizeCurrency, parseDate, parsePrice, parseRating } from './normalize-values.js';

/** The fields each kind of listing should have; completeness is the share present and valid. */
export const REQUIRED_FIELDS: Readonly<Record<Listing['kind'], readonly string[]>> = {
  hotel: ['name', 'price', 'currency', 'location', 'star_rating', 'amenities'],
  product: ['name', 'price', 'currency', 'sku', 'availability', 'brand'],
  contact: ['name', 'email', 'phone', 'address'],
  paper: ['title', 'authors', 'date', 'abstract', 'url'],
};
/** More missing required fields than this flags a listing as incomplete. */
export const MAX_MISSING = 2;
/** Stability when no reload measured it: neither stable nor unstable. */
const UNKNOWN_STABILITY = 0.5;

interface RawField {
  readonly value: unknown;
  readonly xpath: string;
  readonly snippet: string;
}

/** A listing read and checked, not yet merged with its duplicates (seen on its one page). */
export type ReadListing = MergedListing;

/**
 * One page listing, type-checked and normalised: prices numeric with an ISO currency, ratings in
 * [0, 5], dates ISO, e-mails and phones plausible; a value that fails its check is left out and
 * named in `issues`. Completeness counts the kind's required fields that survived;
 * confidence = 0.8 × completeness + 0.2 × selector stability. Null (with the reason) without a name.
 */
export function readListing(listing: Listing, page: ListingPage): ReadListing | { rejected: string } {
  const raw = listing as unknown as Record<string, RawField | undefined>;
  const issues: string[] = [];
  const fields: ListingFieldValue[] = [];
  const valid = new Set<string>();
  const keep = (field: string, value: string, from: RawField): void => {
    fields.push({
      field,
      value: value.slice(0, 2000),
      url: page.url,
      xpath: from.xpath,
      snippet: from.snippet,
    });
    valid.add(field);
  };
  const nameField = raw[listing.kind === 'paper' ? 'title' : 'name'];
  const name = typeof nameField?.value === 'string' ? nameField.value.trim() : '';
  if (!nameField || !/[\p{L}\p{N}]/u.test(name)) return { rejected: 'no name' };
  keep(listing.kind === 'paper' ? 'title' : 'name', name, nameField);

  let price: MergedListing['price'];
  const priceField = raw['price'];
  const currencyField = raw['currency'];
  const currency = currencyField ? normalizeCurrency(String(currencyField.value)) : null;
  if (currencyField && currency) keep('currency', currency, currencyField);
  else if (currencyField)
    issues.push(`currency: "${String(currencyField.value).slice(0, 40)}" is no currency`);
  if (priceField) {
    const parsed = parsePrice(String(priceField.value));
    if (parsed) {
      price = { amount: parsed.amount, currency: currency ?? parsed.currency };
      keep('price', String(parsed.amount), priceField);
      if (!currency && parsed.currency) valid.add('currency');
    } else issues.push(`price: "${String(priceField.value).slice(0, 40)}" is not a number`);
  }
  let rating: number | undefined;
  const ratingField = raw['star_rating'];
  if (ratingField) {
    const r = parseRating(ratingField.value as number | string);
    if (r === null) issues.push(`star_rating: ${String(ratingField.value).slice(0, 40)} is not in [0, 5]`);
    else {
      rating = r;
      keep('star_rating', String(r), ratingField);
    }
  }
  let date: string | undefined;
  const dateField = raw['date'];
  if (dateField) {
    const d = parseDate(String(dateField.value));
    if (d) {
      date = d;
      keep('date', d, dateField);
    } else issues.push(`date: "${String(dateField.value).slice(0, 40)}" is no date`);
  }
  const geoField = raw['geo'];
  const geo = geoField ? parseGeoPoint(geoField.value) : null;
  if (geoField && geo) keep('geo', `${String(geo.latitude)}, ${String(geo.longitude)}`, geoField);
  else if (geoField) issues.push('geo: not a point on Earth');
  const distanceField = raw['distance'];
  const stated = distanceField ? parseStatedDistance(String(distanceField.value)) : null;
  if (distanceField && stated) keep('distance', `${String(stated.km)} km to ${stated.to}`, distanceField);
  else if (distanceField)
    issues.push(`distance: "${String(distanceField.value).slice(0, 40)}" is no distance`);
  checkText(raw, 'email', (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/u.test(v), keep, issues);
  checkText(raw, 'phone', (v) => (v.match(/\d/g) ?? []).length >= 6, keep, issues);
  for (const field of ['location', 'address', 'sku', 'brand', 'availability', 'abstract', 'url']) {
    checkText(raw, field, (v) => /[\p{L}\p{N}]/u.test(v), keep, issues);
  }
  for (const field of ['amenities', 'authors']) {
    const f = raw[field];
    const items = Array.isArray(f?.value) ? f.value.filter((x): x is string => typeof x === 'string') : [];
    if (f && items.length > 0) keep(field, items.join(', '), f);
  }
  const required = REQUIRED_FIELDS[listing.kind];
  const missing = required.filter((f) => !valid.has(f));
  const completeness = round((required.length - missing.length) / required.length);
  const stability = listing.stability ?? UNKNOWN_STABILITY;
  const location = textOf(raw['location']) ?? textOf(raw['address']);
  return {
    kind: listing.kind,
    name,
    ...(price ? { price } : {}),
    ...(rating !== undefined ? { rating } : {}),
    ...(location ? { location } : {}),
    ...(date ? { date } : {}),
    ...(geo ? { geo } : {}),
    ...(stated ? { distance: { km: stated.km, from: 'stated' as const, to: stated.to } } : {}),
    fields,
    completeness,
    missing,
    incomplete: missing.length > MAX_MISSING,
    confidence: round(0.8 * completeness + 0.2 * stability),
    issues,
    source: {
      url: page.url,
      title: page.title,
      xpath: nameField.xpath || listing.xpath,
      nodeId: listing.id,
      snippet: (nameField.snippet.includes(name) ? nameField.snippet : name).slice(0, 2000),
      domSnapshot: page.domSnapshot,
      logRecordId: page.logRecordId,
    },
    seenOn: [{ url: page.url, listingId: listing.id }],
  };
}

function checkText(
  raw: Record<string, RawField | undefined>,
  field: string,
  ok: (value: string) => boolean,
  keep: (field: string, value: string, from: RawField) => void,
  issues: string[],
): void {
  const f = raw[field];
  if (!f) return;
  const value = typeof f.value === 'string' ? f.value.trim() : '';
  if (value && ok(value)) keep(field, value, f);
  else issues.push(`${field}: "${String(f.value).slice(0, 40)}" is not valid`);
}

function textOf(f: RawField | undefined): string | undefined {
  return typeof f?.value === 'string' && f.value.trim() ? f.value.trim() : undefined;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
