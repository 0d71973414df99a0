import type { Listing, ScoredAnswer, SourcedChunk } from '@forage/contracts';
import type { ListingSpec } from '../plan/plan.js';
import { termsOf } from '../explore/site-frontier.js';
import { priceIn, ratingIn } from './numbers.js';
import { tableItems } from './table-items.js';

/** One item of a listing page, with the chunk that names it so it can be cited and verified. */
export interface ListingItem {
  readonly name: string;
  readonly url: string;
  readonly price?: number;
  readonly rating?: number;
  /** Other numbers the item states, by their label in lower case (a table's "population" column). */
  readonly values?: Readonly<Record<string, number>>;
  /** All text read for the item (its card), for constraint checks. */
  readonly text: string;
  /** A citable answer whose text is the item's name. */
  readonly source: ScoredAnswer['source'];
  /** How sure the item's reading is: 0.8 × completeness + 0.2 × selector stability (L07 §4), as the listing reader scores it. */
  readonly confidence?: number;
  /** Where the item's fields are stated: its typed fields' nodes, then its card's chunks (for per-constraint claims). */
  readonly evidence?: readonly ScoredAnswer['source'][];
}

/**
 * Items of a page: typed listings from dom-understanding when it found some, else repeated
 * sections — chunks grouped under the same heading, where several groups carry a price or rating.
 */
export function itemsOfPage(input: {
  chunks: readonly SourcedChunk[];
  listings?: readonly Listing[];
  headings: readonly { text: string; xpath: string }[];
  /** The noun asked for ("countries"): a table's column naming it holds the items' names. */
  noun?: string;
}): ListingItem[] {
  const typed = fromListings(input);
  if (typed.length > 0) return typed;
  const rows = tableItems(input.chunks, input.noun);
  if (rows.length > 0) return rows;
  const groups = new Map<string, SourcedChunk[]>();
  for (const chunk of input.chunks) {
    const heading = chunk.headingPath.at(-1);
    if (!heading || chunk.headingPath.length < 2) continue;
    groups.set(heading, [...(groups.get(heading) ?? []), chunk]);
  }
  const items: ListingItem[] = [];
  for (const [name, chunks] of groups) {
    const text = chunks.map((c) => c.text).join(' · ');
    const price = priceIn(text);
    const rating = ratingIn(text);
    const first = chunks[0];
    const heading = input.headings.find((h) => h.text === name);
    if (!first || !heading || (price === undefined && rating === undefined)) continue;
    items.push({
      name,
      url: first.url,
      ...(price !== undefined ? { price } : {}),
      ...(rating !== undefined ? { rating } : {}),
      text: `${name} · ${text}`,
      source: { ...pick(first), xpath: heading.xpath, snippet: name },

      evidence: chunks.map(asSource),
    });
  }
  return items.length >= 2 ? items : [];
}

function fromListings(input: {
  chunks: readonly SourcedChunk[];
  listings?: readonly Listing[];
}): ListingItem[] {
  const first = input.chunks[0];
  if (!first || !input.listings) return [];
  const items: ListingItem[] = [];
  for (const l of input.listings) {
    const name = l.kind === 'paper' ? l.title : l.name;
    if (!name) continue;
    // the card's own text (every chunk inside the listing's element) carries what typed fields miss
    const cardChunks = input.chunks.filter((c) => c.xpath === l.xpath || c.xpath.startsWith(`${l.xpath}/`));
    const card = cardChunks.map((c) => c.text).join(' · ');
    const fieldSources = [
      'price' in l ? l.price?.source : undefined,
      l.kind === 'hotel' ? l.star_rating?.source : undefined,
    ].filter((s): s is NonNullable<typeof s> => s !== undefined);
    const price = 'price' in l && l.price ? Number(l.price.value) : priceIn(card);
    // a guest rating as the card writes it ("rating 3.5 / 5"), read in its chunks or at the star
    // field's node (a card's text repeated by another card is dropped from the chunks); a star class
    // ("5-star") is not a rating
    const rating =
      ratingIn(card) ?? (l.kind === 'hotel' && l.star_rating ? ratingIn(l.star_rating.snippet) : undefined);
    const extras = [
      'location' in l ? l.location?.value : undefined,
      'amenities' in l ? l.amenities?.value.join(', ') : undefined,
      'availability' in l ? l.availability?.value : undefined,
    ].filter(Boolean);
    items.push({
      name: name.value,
      url: first.url,
      confidence: l.confidence,
      ...(price !== undefined ? { price } : {}),
      ...(rating !== undefined ? { rating } : {}),
      text: [name.value, ...extras, 'price' in l && l.price ? `$${l.price.snippet}` : '', card]
        .filter(Boolean)
        .join(' · '),
      source: {
        ...pick(first),
        xpath: name.xpath,
        snippet: name.snippet.includes(name.value) ? name.snippet : name.value,
      },
      // the typed fields' nodes, cited with the extraction's record (dom-understanding's own records hold no page)
      evidence: [
        ...cardChunks.map(asSource),
        ...fieldSources.map((s) => ({ ...s, ...pick(first), xpath: s.xpath, snippet: s.snippet })),
      ],
    });
  }
  return items;
}

function asSource(chunk: SourcedChunk): ScoredAnswer['source'] {
  return { ...pick(chunk), nodeId: chunk.chunkId, snippet: chunk.text };
}

function pick(chunk: SourcedChunk): Omit<ScoredAnswer['source'], 'snippet'> {
  return {
    chunkId: chunk.chunkId,
    url: chunk.url,
    title: chunk.title,
    xpath: chunk.xpath,
    domSnapshot: chunk.domSnapshot,
    logRecordId: chunk.logRecordId,
  };
}

/** Does the item meet every constraint of the request (and state what it is ranked by)? Features must be present and not negated. */
export function meetsConstraints(item: ListingItem, spec: ListingSpec, pageContext = ''): boolean {
  // a ranked request ranks items stating what it ranks by; the order a page lists others in is no rank
  if (spec.rank && rankValue(item, spec.rank.by) === undefined) return false;
  if (spec.maxPrice !== undefined && (item.price === undefined || item.price > spec.maxPrice)) return false;
  if (spec.minRating !== undefined && (item.rating === undefined || item.rating < spec.minRating))
    return false;
  if (spec.place) {
    const place = spec.place.toLowerCase();
    if (!item.text.toLowerCase().includes(place) && !pageContext.toLowerCase().includes(place)) return false;
  }
  // an author or a category is named on the item's own card, not merely on the page around it
  if (spec.author && !namesWords(item.text, spec.author)) return false;
  if (spec.category && !hasFeature(item.text, spec.category)) return false;
  return spec.features.every((f) => hasFeature(item.text, f));
}

/** Does the text name every word of a name ("M. Kessa": "m", "kessa"), in any case? */
export function namesWords(text: string, name: string): boolean {
  const have = termsOf(text);
  return [...termsOf(name)].every((w) => have.has(w));
}

/** "Wi-Fi" and "wifi", "check-in" and "checkin": a hyphen inside a word does not change the word. */
const joinHyphens = (text: string): string => text.replace(/(\p{L})-(?=\p{L})/gu, '$1');

export function hasFeature(text: string, feature: string): boolean {
  const lower = joinHyphens(text.toLowerCase());
  const wanted = [...termsOf(joinHyphens(feature))];
  const segments = lower.split(/[·•|;,\n]/);
  return segments.some((seg) => {
    const terms = termsOf(seg);
    if (!wanted.every((w) => terms.has(w))) return false;
    return !/\b(no|not|without|none|excluded|unavailable)\b/.test(seg);
  });
}

/** Items meeting the constraints, one per name, ranked as asked (or as found), cut to the limit (a list: 20). */
export function rankItems(items: readonly ListingItem[], spec: ListingSpec): ListingItem[] {
  const ranked = rankAll(items, spec);
  // a list shows its first 20; a count, sum or mean over more is refused (overAggregated)
  return ranked.slice(0, spec.limit ?? MAX_AGGREGATED);
}

/** The most items a count, sum or mean is derived over: each is verified with its constraints in one request, and the derived claim cites each. */
export const MAX_AGGREGATED = 20;

/**
 * The value a ranked answer beats: the rank field of the best item left out by the limit ("the
 * highest-rated" released at 4.3 because the best of the others is 4.1). Undefined when nothing was
 * left out, or the rank is by a field items do not carry.
 */
export function rankBound(items: readonly ListingItem[], spec: ListingSpec): number | undefined {
  if (!spec.rank || !spec.limit) return undefined;
  const next = rankAll(items, spec)[spec.limit];
  const value = next ? rankValue(next, spec.rank.by) : undefined;
  return value;
}

/** The field an item is ranked by: its price, its rating, or a number it states under that label. */
export function rankValue(item: ListingItem, by: string): number | undefined {
  if (by === 'price') return item.price;
  if (by === 'rating') return item.rating;
  const wanted = termsOf(by);
  const label = Object.keys(item.values ?? {}).find((l) => [...termsOf(l)].some((t) => wanted.has(t)));
  return label === undefined ? undefined : item.values?.[label];
}

function rankAll(items: readonly ListingItem[], spec: ListingSpec): ListingItem[] {
  const ranked = mergeByName(items);
  if (spec.rank) {
    // by a price, a rating or a labelled number; items without it (not candidates) would come last
    const by = spec.rank.by;
    const key = (i: ListingItem): number => rankValue(i, by) ?? Number.NaN;
    const sign = spec.rank.order === 'asc' ? 1 : -1;
    ranked.sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      if (Number.isNaN(ka)) return 1;
      if (Number.isNaN(kb)) return -1;
      return sign * (ka - kb);
    });
  }
  return ranked;
}

/**
 * One item per name, in the order first found. The same item read in several places (a card of the
 * results, a "more like this" rail that names it with its price alone, its own page) is one item: the
 * most complete reading is kept, the price or rating it lacks is taken from the others, and every
 * reading's evidence is kept. The first reading alone would rank an item by a field it lacked there.
 */
export function mergeByName(items: readonly ListingItem[]): ListingItem[] {
  const groups = new Map<string, ListingItem[]>();
  for (const item of items) {
    const key = item.name.trim().toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.values()].map((readings) => {
    const filled = (i: ListingItem): number =>
      (i.price !== undefined ? 1 : 0) + (i.rating !== undefined ? 1 : 0);
    const base = readings.reduce((best, i) => (filled(i) > filled(best) ? i : best));
    if (readings.length === 1) return base;
    const price = base.price ?? readings.find((i) => i.price !== undefined)?.price;
    const rating = base.rating ?? readings.find((i) => i.rating !== undefined)?.rating;
    const evidence = [base, ...readings.filter((i) => i !== base)].flatMap((i) => i.evidence ?? []);
    return {
      ...base,
      ...(price !== undefined ? { price } : {}),
      ...(rating !== undefined ? { rating } : {}),
      ...(evidence.length > 0 ? { evidence } : {}),
    };
  });
}

/**
 * An item's confidence: the listing reader's score when it read the item, else L07 §4 on what the
 * item has — 0.8 × completeness of name, price and rating (no selector was re-read for stability).
 */
export function itemConfidence(item: ListingItem): number {
  if (item.confidence !== undefined) return item.confidence;
  const present = 1 + (item.price !== undefined ? 1 : 0) + (item.rating !== undefined ? 1 : 0);
  return round((0.8 * present) / 3);
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
