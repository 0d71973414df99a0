import type { MergedListing } from '@forage/contracts';
import { MAX_MISSING, REQUIRED_FIELDS, type ReadListing } from './read-listing.js';

const ARTICLES = new Set(['the', 'a', 'an', 'and', 'of', '&']);

/** Name similarity (token Jaccard, or one name containing the other) at which two listings are one item. */
const SAME_NAME = 0.75;
/** Address similarity below which two listings with the same name are different places. */
const SAME_PLACE = 0.5;

type Merged = MergedListing;

/**
 * Listings that are the same item — same kind, fuzzy same name (word Jaccard ≥ 0.75, or one name
 * holding the other's words) and, when both give one, fuzzy same address or location — merged:
 * the most confident reading is kept, fields it lacks are filled from the others, and every
 * page it was seen on is listed. Returns the items in first-seen order and how many were merged.
 */
export function mergeDuplicates(listings: readonly ReadListing[]): { items: Merged[]; duplicates: number } {
  const items: Merged[] = [];
  let duplicates = 0;
  for (const l of listings) {
    const at = items.findIndex((m) => sameItem(m, l));
    if (at < 0) {
      items.push(l);
      continue;
    }
    duplicates++;
    const current = items[at];
    if (current) items[at] = combine(current, l);
  }
  return { items, duplicates };
}

function sameItem(a: Merged, b: ReadListing): boolean {
  if (a.kind !== b.kind) return false;
  if (similarity(a.name, b.name) < SAME_NAME) return false;
  if (!a.location || !b.location) return true;
  return similarity(a.location, b.location) >= SAME_PLACE;
}

/** The better reading first; the other fills the fields it lacks; completeness and confidence follow. */
function combine(a: Merged, b: Merged): Merged {
  const [best, other] = b.confidence > a.confidence ? [b, a] : [a, b];
  const have = new Set(best.fields.map((f) => f.field));
  const fields = [...best.fields, ...other.fields.filter((f) => !have.has(f.field))];
  const price = best.price ?? other.price;
  const rating = best.rating ?? other.rating;
  const location = best.location ?? other.location;
  const date = best.date ?? other.date;
  const geo = best.geo ?? other.geo;
  const distance = best.distance ?? other.distance;
  const present = new Set(fields.map((f) => f.field));
  if (price?.currency) present.add('currency');
  const required = REQUIRED_FIELDS[best.kind];
  const missing = required.filter((f) => !present.has(f));
  const completeness = round((required.length - missing.length) / required.length);
  return {
    ...best,
    ...(price ? { price } : {}),
    ...(rating !== undefined ? { rating } : {}),
    ...(location ? { location } : {}),
    ...(date ? { date } : {}),
    ...(geo ? { geo } : {}),
    ...(distance ? { distance } : {}),
    fields,
    missing,
    completeness,
    incomplete: missing.length > MAX_MISSING,
    // the stability share of the best reading is kept; completeness counts the merged fields
    confidence: round(Math.min(1, best.confidence + 0.8 * (completeness - best.completeness))),
    issues: [...new Set([...best.issues, ...other.issues])].slice(0, 50),
    seenOn: [...a.seenOn, ...b.seenOn].slice(0, 100),
  };
}

/** Word-set Jaccard of two names, or 1 when every word of the shorter one is in the longer one. */
export function similarity(a: string, b: string): number {
  const wa = wordSet(a);
  const wb = wordSet(b);
  if (wa.size === 0 || wb.size === 0) return 0;
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared++;
  if (shared === Math.min(wa.size, wb.size) && Math.min(wa.size, wb.size) >= 2) return 1;
  return shared / (wa.size + wb.size - shared);
}

function wordSet(text: string): Set<string> {
  return new Set(
    (
      text
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? []
    ).filter((w) => !ARTICLES.has(w)),
  );
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
