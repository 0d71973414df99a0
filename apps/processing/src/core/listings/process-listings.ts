import type { CommandReply, CommandRequest, MergedListing, processListings } from '@forage/contracts';
import { mergeDuplicates } from './merge.js';
import { readListing, type ReadListing } from './read-listing.js';

type Request = Pick<CommandRequest<typeof processListings>, 'pages' | 'criteria'>;
type Reply = CommandReply<typeof processListings>;

/**
 * The listings of every page read (type checks, normalisation, completeness and confidence),
 * merged across pages, kept within the criteria's bounds and ranked: by price (ascending by
 * default), rating (descending) or relevance (confidence); items naming the criteria's place
 * first; ties by confidence, then first seen. Items without the ranked value come last.
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
    .map((item, order) => ({
      item,
      order,
      near: place ? (item.location ?? '').toLowerCase().includes(place) : undefined,
    }))
    .sort((a, b) => {
      if (a.near !== b.near) return a.near ? -1 : 1;
      const byKey = compareKey(a.item, b.item, criteria.rankBy, criteria.order);
      return byKey || b.item.confidence - a.item.confidence || a.order - b.order;
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
  const value = (i: MergedListing): number | undefined => (by === 'price' ? i.price?.amount : i.rating);
  const va = value(a);
  const vb = value(b);
  if (va === undefined || vb === undefined) return va === vb ? 0 : va === undefined ? 1 : -1;
  const sign = (order ?? (by === 'price' ? 'asc' : 'desc')) === 'asc' ? 1 : -1;
  return sign * (va - vb);
}
