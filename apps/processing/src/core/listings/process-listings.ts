import type { CommandReply, CommandRequest, MergedListing, processListings } from '@forage/contracts';
import { distanceKm, refersTo } from './distance.js';
import { mergeDuplicates } from './merge.js';
import { readListing, type ReadListing } from './read-listing.js';

type Request = Pick<CommandRequest<typeof processListings>, 'pages' | 'criteria'>;
type Reply = CommandReply<typeof processListings>;

/**
 * The listings of every page read (type checks, normalisation, completeness and confidence),
 * merged across pages, kept within the criteria's bounds and ranked: by price (ascending by
 * default), rating (descending), distance to the named place (ascending) or relevance
 * (confidence); items naming the criteria's place first (except when ranking by distance); ties by
 * distance when known, then confidence, then first seen. Items without the ranked value come last.
 */
export function processListingPages(request: Request): Reply {
  const { criteria } = request;
  const rejected: Reply['rejected'] = [];
  const read: ReadListing[] = [];
  for (const page of request.pages) {
    for (const listing of page.listings) {
      const r = readListing(listing, page);
      if ('rejected' in r) rejected.push({ url: page.url, listingId: listing.id, reason: r.rejected });
      else read.push(r);
    }
  }
  const { items, duplicates } = mergeDuplicates(read);
  const place = criteria.place?.toLowerCase().trim();
  const within = items.filter((i) => withinBounds(i, criteria));
  const ranked = within
    .map((item, order) => {
      // a stated distance counts only when it is measured to the place asked about
      const rest: MergedListing = { ...item };
      delete rest.distance;
      const distance = distanceTo(item, criteria);
      return {
        item: distance ? { ...rest, distance } : rest,
        order,
        near: place ? (item.location ?? '').toLowerCase().includes(place) : undefined,
      };
    })
    .sort((a, b) => {
      if (criteria.rankBy !== 'distance' && a.near !== b.near) return a.near ? -1 : 1;
      const byKey = compareKey(a.item, b.item, criteria.rankBy, criteria.order);
      const byDistance = criteria.rankBy === 'distance' ? 0 : compareKey(a.item, b.item, 'distance', 'asc');
      return byKey || byDistance || b.item.confidence - a.item.confidence || a.order - b.order;
    })
    .slice(0, criteria.limit)
    .map(({ item, near }): MergedListing => (near === undefined ? item : { ...item, nearPlace: near }));
  return { items: ranked, rejected, filteredOut: items.length - within.length, duplicates };
}

function withinBounds(item: MergedListing, criteria: Request['criteria']): boolean {
  const amount = item.price?.amount;
  if (criteria.maxPrice !== undefined && (amount === undefined || amount > criteria.maxPrice)) return false;
  if (criteria.minPrice !== undefined && (amount === undefined || amount < criteria.minPrice)) return false;
  if (criteria.minRating !== undefined && (item.rating === undefined || item.rating < criteria.minRating))
    return false;
  const currency = item.price?.currency;
  return !criteria.currency || !currency || currency === criteria.currency;
}

/** Negative when `a` ranks first; an item without the value ranks after every item with it. */
function compareKey(
  a: MergedListing,
  b: MergedListing,
  by: Request['criteria']['rankBy'],
  order: 'asc' | 'desc' | undefined,
): number {
  if (by === 'relevance') return order === 'asc' ? a.confidence - b.confidence : 0;
  const value = (i: MergedListing): number | undefined =>
    by === 'price' ? i.price?.amount : by === 'distance' ? i.distance?.km : i.rating;
  const va = value(a);
  const vb = value(b);
  if (va === undefined || vb === undefined) return va === vb ? 0 : va === undefined ? 1 : -1;
  const sign = (order ?? (by === 'price' || by === 'distance' ? 'asc' : 'desc')) === 'asc' ? 1 : -1;
  return sign * (va - vb);
}

/**
 * The item's distance to the criteria's place: from its coordinates when the place's are known,
 * else the distance its card states when that is measured to the place (or no place was named).
 */
function distanceTo(item: MergedListing, criteria: Request['criteria']): MergedListing['distance'] {
  if (criteria.near && item.geo)
    return {
      km: distanceKm(item.geo, criteria.near),
      from: 'geo',
      to: criteria.place ?? `${String(criteria.near.latitude)}, ${String(criteria.near.longitude)}`,
    };
  const stated = item.distance;
  if (!stated || !criteria.place) return stated;
  return refersTo({
    to: stated.to,
    place: criteria.place,
    ...(item.location ? { location: item.location } : {}),
  })
    ? stated
    : undefined;
}
