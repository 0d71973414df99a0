import { randomUUID } from 'node:crypto';
import { listingCriteriaSchema, type Listing, type ListingPage } from '@forage/contracts';
import { normalizeCurrency, parseDate, parsePrice, parseRating } from './normalize-values.js';
import { processListingPages } from './process-listings.js';
import { similarity } from './merge.js';

const f = <T>(value: T, xpath = '/html/body/div[1]') => ({
  value,
  xpath,
  snippet: String(value),
  origin: 'repeated-structure',
});

function hotel(id: string, fields: Record<string, unknown>, stability?: number): Listing {
  return {
    kind: 'hotel',
    id,
    xpath: `/html/body/ul/li[${id}]`,
    origin: 'repeated-structure',
    confidence: 0.6,
    ...(stability !== undefined ? { stability } : {}),
    ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, f(v)])),
  };
}

function page(url: string, listings: Listing[]): ListingPage {
  return {
    url,
    title: 'Hotels',
    domSnapshot: { kind: 'dom_snapshot', sha256: 'a'.repeat(64), size: 10, contentType: 'text/html' },
    logRecordId: randomUUID(),
    listings,
  };
}

const criteria = (c: Record<string, unknown> = {}) => listingCriteriaSchema.parse(c);

describe('listing values', () => {
  it.each([
    ['$189', { amount: 189, currency: 'USD' }],
    ['1.299,50 €', { amount: 1299.5, currency: 'EUR' }],
    ['£1,250', { amount: 1250, currency: 'GBP' }],
    ['189.00', { amount: 189, currency: null }],
    ['CHF 12', { amount: 12, currency: 'CHF' }],
  ])('reads the price %s', (text, expected) => {
    expect(parsePrice(text)).toEqual(expected);
  });

  it.each(['', 'call us', '-5', 'free'])('refuses %j as a price', (text) => {
    expect(parsePrice(text)).toBeNull();
  });

  it.each([
    ['4.5 stars', 4.5],
    ['9/10', 4.5],
    ['4,5', 4.5],
    ['90%', 4.5],
    ['★★★', 3],
    [3, 3],
  ] as const)('reads the rating %s on the 0–5 scale', (value, expected) => {
    expect(parseRating(value)).toBe(expected);
  });

  it.each(['7 stars', 'great', '120%', 6])('refuses %j as a rating', (value) => {
    expect(parseRating(value)).toBeNull();
  });

  it.each([
    ['2024-03-01T10:00:00Z', '2024-03-01'],
    ['1 March 2024', '2024-03-01'],
    ['March 1, 2024', '2024-03-01'],
    ['Mar 2024', '2024-03'],
    ['published 1998', '1998'],
    ['2024/3/9', '2024-03-09'],
  ])('reads the date %s as ISO', (text, iso) => {
    expect(parseDate(text)).toBe(iso);
  });

  it.each(['31 February 2024', 'someday', '2024-13-01'])('refuses the date %s', (text) => {
    expect(parseDate(text)).toBeNull();
  });

  it('maps currency symbols and codes', () => {
    expect([normalizeCurrency('$'), normalizeCurrency('eur'), normalizeCurrency('dollars')]).toEqual([
      'USD',
      'EUR',
      null,
    ]);
  });

  it('treats names holding each other and reordered words as similar, different names as not', () => {
    expect(similarity('The Old Compass', 'Old Compass Hotel')).toBe(1);
    expect(similarity('Harbour View Inn', 'Inn Harbour View')).toBe(1);
    expect(similarity('Harbour View Inn', 'Mountain Lodge')).toBe(0);
  });
});

describe('processListingPages', () => {
  it('returns nothing for no pages and for pages without listings', () => {
    expect(processListingPages({ pages: [], criteria: criteria() })).toEqual({
      items: [],
      rejected: [],
      filteredOut: 0,
      duplicates: 0,
    });
    expect(processListingPages({ pages: [page('https://a.test/', [])], criteria: criteria() }).items).toEqual(
      [],
    );
  });

  it('normalises values, scores completeness and confidence, and flags incomplete listings', () => {
    const reply = processListingPages({
      pages: [
        page('https://a.test/list', [
          hotel(
            '1',
            {
              name: 'Harbour View',
              price: '189',
              currency: '$',
              location: 'Besby',
              star_rating: 4.5,
              amenities: ['wifi', 'pool'],
            },
            1,
          ),
          hotel('2', { name: 'Lone Name', price: 'ask us' }),
        ]),
      ],
      criteria: criteria(),
    });
    const [full, sparse] = reply.items;
    expect(full).toMatchObject({
      name: 'Harbour View',
      price: { amount: 189, currency: 'USD' },
      rating: 4.5,
      completeness: 1,
      confidence: 1,
      incomplete: false,
      missing: [],
      source: { url: 'https://a.test/list', nodeId: '1', snippet: 'Harbour View' },
    });
    // name only of six required fields (0.8 × 0.167 + 0.2 × 0.5 unmeasured stability); price failed its type check
    expect(sparse).toMatchObject({ name: 'Lone Name', incomplete: true, confidence: 0.234 });
    expect(sparse?.price).toBeUndefined();
    expect(sparse?.issues).toEqual(['price: "ask us" is not a number']);
  });

  it('rejects listings without a name, with the reason', () => {
    const reply = processListingPages({
      pages: [page('https://a.test/', [hotel('1', { price: '10' }), hotel('2', { name: '  ' })])],
      criteria: criteria(),
    });
    expect(reply.items).toEqual([]);
    expect(reply.rejected).toEqual([
      { url: 'https://a.test/', listingId: '1', reason: 'no name' },
      { url: 'https://a.test/', listingId: '2', reason: 'no name' },
    ]);
  });

  it('merges the same hotel seen on two pages, filling fields, and keeps same-named hotels elsewhere apart', () => {
    const reply = processListingPages({
      pages: [
        page('https://a.test/p1', [
          hotel('1', { name: 'The Old Compass', price: '$82', location: '12 Quay Road, Besby' }),
        ]),
        page('https://b.test/p2', [
          hotel('7', { name: 'Old Compass', location: 'Quay Road 12, Besby', star_rating: '2.9' }),
          hotel('8', { name: 'Old Compass', location: 'Main Street 4, Ardley' }),
        ]),
      ],
      criteria: criteria(),
    });
    expect(reply.duplicates).toBe(1);
    expect(reply.items).toHaveLength(2);
    expect(reply.items[0]).toMatchObject({
      price: { amount: 82, currency: 'USD' },
      rating: 2.9,
      seenOn: [
        { url: 'https://a.test/p1', listingId: '1' },
        { url: 'https://b.test/p2', listingId: '7' },
      ],
    });
    expect(reply.items[0]?.missing).toEqual(['amenities']);
  });

  it('ranks by price ascending, by rating descending, keeps bounds, and puts the named place first', () => {
    const pages = [
      page('https://a.test/', [
        hotel('1', { name: 'Alpha', price: '120', star_rating: 4, location: 'Besby' }),
        hotel('2', { name: 'Bravo', price: '80', star_rating: 3, location: 'Ardley' }),
        hotel('3', { name: 'Charlie', price: '300', star_rating: 5, location: 'Besby' }),
        hotel('4', { name: 'Delta', star_rating: 4.8, location: 'Besby' }),
      ]),
    ];
    const names = (c: Record<string, unknown>) =>
      processListingPages({ pages, criteria: criteria(c) }).items.map((i) => i.name);
    expect(names({ rankBy: 'price' })).toEqual(['Bravo', 'Alpha', 'Charlie', 'Delta']);
    expect(names({ rankBy: 'rating' })).toEqual(['Charlie', 'Delta', 'Alpha', 'Bravo']);
    expect(names({ rankBy: 'price', maxPrice: 150 })).toEqual(['Bravo', 'Alpha']);
    expect(names({ rankBy: 'rating', minRating: 4, limit: 2 })).toEqual(['Charlie', 'Delta']);
    expect(names({ rankBy: 'price', place: 'besby' })).toEqual(['Alpha', 'Charlie', 'Delta', 'Bravo']);
    const filtered = processListingPages({ pages, criteria: criteria({ maxPrice: 100 }) });
    expect(filtered.filteredOut).toBe(3);
  });
});
