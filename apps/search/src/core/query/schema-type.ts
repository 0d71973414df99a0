import { words } from '@forage/retrieval';
import type { QueryFilters } from './filters.js';

export const SCHEMA_TYPES = ['generic', 'HotelListing', 'ProductListing', 'ContactListing', 'Paper'] as const;
export type SchemaType = (typeof SCHEMA_TYPES)[number];

/** Words that say what kind of thing the user wants listed; general vocabulary, not site names. */
const CUES: Readonly<Record<Exclude<SchemaType, 'generic'>, readonly string[]>> = {
  HotelListing: [
    'hotel',
    'hotels',
    'motel',
    'motels',
    'hostel',
    'hostels',
    'inn',
    'resort',
    'resorts',
    'accommodation',
    'accommodations',
    'lodging',
    'lodge',
    'guesthouse',
    'bnb',
    'b&b',
    'stay',
    'suite',
    'suites',
    'check-in',
    'nightly',
    'night',
  ],
  ProductListing: [
    'buy',
    'purchase',
    'shop',
    'shopping',
    'store',
    'price',
    'prices',
    'cheapest',
    'cheap',
    'deal',
    'deals',
    'discount',
    'sale',
    'order',
    'product',
    'products',
    'in-stock',
    'stock',
    'shipping',
    'brand',
    'model',
  ],
  ContactListing: [
    'contact',
    'contacts',
    'email',
    'e-mail',
    'phone',
    'telephone',
    'address',
    'fax',
    'reach',
    'support',
    'helpdesk',
    'headquarters',
    'office',
    'offices',
    'hours',
  ],
  Paper: [
    'paper',
    'papers',
    'preprint',
    'preprints',
    'arxiv',
    'journal',
    'journals',
    'study',
    'studies',
    'publication',
    'publications',
    'doi',
    'proceedings',
    'abstract',
    'citation',
    'citations',
    'survey',
    'thesis',
    'peer-reviewed',
    'research',
  ],
};

/**
 * The schema a query asks for, by counting cue words per type; a price filter counts toward
 * products unless lodging cues are present. Ties and no cues give `generic`.
 */
export function classifySchema(query: string, filters: QueryFilters): SchemaType {
  const present = new Set(words(query.replace(/b&b/gi, 'bnb')));
  const hyphenated = query.toLowerCase().match(/[a-z]+-[a-z]+/g) ?? [];
  for (const h of hyphenated) present.add(h);
  const scores = (Object.keys(CUES) as Exclude<SchemaType, 'generic'>[]).map((type) => {
    let score = CUES[type].filter((cue) => present.has(cue)).length;
    if (type === 'ProductListing' && filters.price) score += 0.5;
    if (type === 'HotelListing' && (filters.counts?.guest ?? filters.counts?.night ?? filters.counts?.room))
      score += 1;
    return { type, score };
  });
  scores.sort((a, b) => b.score - a.score);
  const [best, second] = scores;
  if (!best || best.score === 0 || (second && second.score === best.score)) return 'generic';
  return best.type;
}
