import { randomUUID } from 'node:crypto';
import { listingCriteriaSchema, type Listing, type ListingPage } from '@forage/contracts';
import { distanceKm, parseGeoPoint, parseStatedDistance, refersTo } from './distance.js';
import { processListingPages } from './process-listings.js';

describe('stated distances', () => {
  it('reads the amount, normalises the unit to km and keeps what it is measured to', () => {
    expect(parseStatedDistance('1.2 km from the centre')).toEqual({ km: 1.2, to: 'centre' });
    expect(parseStatedDistance('Only 800 m to Central Station, free wifi')).toEqual({
      km: 0.8,
      to: 'Central Station',
    });
    expect(parseStatedDistance('0,5 miles from Union Square')).toEqual({ km: 0.805, to: 'Union Square' });
    expect(parseStatedDistance('300 ft from the beach')).toEqual({ km: 0.091, to: 'beach' });
    expect(parseStatedDistance('2 kilometres away from the airport.')).toEqual({ km: 2, to: 'airport' });
    expect(parseStatedDistance('450 yards to the pier')).toEqual({ km: 0.411, to: 'pier' });
  });

  it('refuses text that states no distance', () => {
    for (const text of [
      '',
      'Near the centre',
      '4.5 stars from 120 reviews',
      '12 rooms from $89',
      'km from',
    ]) {
      expect(parseStatedDistance(text)).toBeNull();
    }
  });

  it('knows when a stated distance is measured to the place asked about', () => {
    expect(refersTo({ to: 'Union Square', place: 'union square' })).toBe(true);
    expect(refersTo({ to: 'centre', place: 'Besby', location: 'Old Town, Besby' })).toBe(true);
    expect(refersTo({ to: 'centre', place: 'Besby', location: 'Corve' })).toBe(false);
    expect(refersTo({ to: 'airport', place: 'Union Square' })).toBe(false);
  });
});

describe('coordinates', () => {
  it('parses points from numbers or numeric strings and refuses what is not on Earth', () => {
    expect(parseGeoPoint({ latitude: '48.8584', longitude: 2.2945 })).toEqual({
      latitude: 48.8584,
      longitude: 2.2945,
    });
    expect(parseGeoPoint({ latitude: 91, longitude: 0 })).toBeNull();
    expect(parseGeoPoint({ latitude: 'north', longitude: 0 })).toBeNull();
    expect(parseGeoPoint({ latitude: 1 })).toBeNull();
    expect(parseGeoPoint('48.8,2.2')).toBeNull();
    expect(parseGeoPoint(null)).toBeNull();
  });

  it('measures great-circle distances', () => {
    // Eiffel Tower to Notre-Dame de Paris: about 4.1 km
    const eiffel = { latitude: 48.8584, longitude: 2.2945 };
    const notreDame = { latitude: 48.853, longitude: 2.3499 };
    expect(distanceKm(eiffel, notreDame)).toBeCloseTo(4.1, 1);
    expect(distanceKm(eiffel, eiffel)).toBe(0);
    // London to New York: about 5,570 km
    expect(
      distanceKm({ latitude: 51.5074, longitude: -0.1278 }, { latitude: 40.7128, longitude: -74.006 }),
    ).toBeCloseTo(5570, -1);
  });
});

const field = <T>(value: T) => ({
  value,
  xpath: '/html/body/li[1]/span[1]',
  snippet: String(value),
  origin: 'json-ld',
});

function hotel(id: string, fields: Record<string, unknown>): Listing {
  return {
    kind: 'hotel',
    id,
    xpath: `/html/body/ul/li[${id}]`,
    origin: 'json-ld',
    confidence: 0.9,
    ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, field(v)])),
  };
}

function page(listings: Listing[]): ListingPage {
  return {
    url: 'https://hotels.test/paris',
    title: 'Hotels in Paris',
    domSnapshot: { kind: 'dom_snapshot', sha256: 'a'.repeat(64), size: 10, contentType: 'text/html' },
    logRecordId: randomUUID(),
    listings,
  };
}

describe('ranking listings by distance', () => {
  const eiffel = { latitude: 48.8584, longitude: 2.2945 };
  const pages = [
    page([
      hotel('1', { name: 'Rive Gauche', price: '120', geo: { latitude: 48.853, longitude: 2.3499 } }),
      hotel('2', { name: 'Trocadero Stay', price: '240', geo: { latitude: 48.8616, longitude: 2.2893 } }),
      hotel('3', { name: 'No Coordinates Inn', price: '90' }),
      hotel('4', { name: 'Champ de Mars Rooms', price: '150', distance: '300 m from the Eiffel Tower' }),
    ]),
  ];

  it('ranks by the distance to the named place, nearest first, items without one last', () => {
    const reply = processListingPages({
      pages,
      criteria: listingCriteriaSchema.parse({ rankBy: 'distance', place: 'Eiffel Tower', near: eiffel }),
    });
    expect(reply.items.map((i) => [i.name, i.distance?.from, i.distance?.km])).toEqual([
      ['Champ de Mars Rooms', 'stated', 0.3],
      ['Trocadero Stay', 'geo', expect.closeTo(0.5, 1) as unknown],
      ['Rive Gauche', 'geo', expect.closeTo(4.1, 1) as unknown],
      ['No Coordinates Inn', undefined, undefined],
    ]);
    expect(reply.items[1]?.distance?.to).toBe('Eiffel Tower');
  });

  it('breaks price ties by distance, and drops a stated distance measured to somewhere else', () => {
    const tied = [
      page([
        hotel('1', { name: 'Far Twin', price: '100', geo: { latitude: 48.853, longitude: 2.3499 } }),
        hotel('2', { name: 'Near Twin', price: '100', geo: { latitude: 48.8616, longitude: 2.2893 } }),
        hotel('3', { name: 'Airport Lodge', price: '100', distance: '1 km from the airport' }),
      ]),
    ];
    const reply = processListingPages({
      pages: tied,
      criteria: listingCriteriaSchema.parse({ rankBy: 'price', place: 'Eiffel Tower', near: eiffel }),
    });
    expect(reply.items.map((i) => i.name)).toEqual(['Near Twin', 'Far Twin', 'Airport Lodge']);
    expect(reply.items[2]?.distance).toBeUndefined();
  });

  it('flags coordinates and distances that do not parse, without failing the listing', () => {
    const reply = processListingPages({
      pages: [
        page([hotel('1', { name: 'Odd Hotel', geo: { latitude: 200, longitude: 0 }, distance: 'close by' })]),
      ],
      criteria: listingCriteriaSchema.parse({ rankBy: 'distance', near: eiffel }),
    });
    expect(reply.items[0]?.issues).toEqual([
      'geo: not a point on Earth',
      'distance: "close by" is no distance',
    ]);
    expect(reply.items[0]?.distance).toBeUndefined();
  });
});
