import { slugify } from '../format.js';
import type { Random } from '../random.js';
import type { City } from './geography.js';
import type { NameForge } from './names.js';

export interface HotelReview {
  readonly author: string;
  readonly rating: number;
  readonly date: string;
  readonly title: string;
  readonly text: string;
}

export interface Hotel {
  readonly name: string;
  readonly slug: string;
  readonly city: string;
  readonly citySlug: string;
  readonly country: string;
  readonly address: string;
  readonly pricePerNightUsd: number;
  /** Guest rating out of 5, one decimal. */
  readonly rating: number;
  readonly stars: number;
  readonly rooms: number;
  readonly freeParking: boolean;
  readonly wifi: boolean;
  readonly pool: boolean;
  readonly breakfastIncluded: boolean;
  readonly petsAllowed: boolean;
  readonly checkIn: string;
  readonly checkOut: string;
  readonly reviews: readonly HotelReview[];
}

const HOTEL_CITY_COUNT = 6;
const HOTELS_PER_CITY = 10;
const ADJECTIVES = [
  'Silver',
  'Old',
  'Blue',
  'Quiet',
  'Golden',
  'Harbour',
  'Garden',
  'Amber',
  'Cedar',
  'Royal',
  'Little',
  'Grand',
  'Copper',
  'Ivory',
];
const NOUNS = [
  'Lantern',
  'Anchor',
  'Oak',
  'Crown',
  'Heron',
  'Gate',
  'Willow',
  'Bridge',
  'Orchard',
  'Falcon',
  'Meadow',
  'Compass',
  'Tower',
  'Fern',
];
const KINDS = ['Hotel', 'Inn', 'Suites', 'Lodge', 'Guesthouse', 'Residence'];
const STREETS = [
  'Market',
  'Harbour',
  'Station',
  'Castle',
  'Mill',
  'Church',
  'Bridge',
  'Garden',
  'River',
  'Chapel',
];
const FIRST_NAMES = [
  'Ana',
  'Tomas',
  'Mirela',
  'Jonah',
  'Sera',
  'Ivo',
  'Lena',
  'Oskar',
  'Nadia',
  'Pavel',
  'Rhea',
  'Emil',
  'Katya',
  'Bruno',
  'Hana',
];
const PRAISE = [
  'The staff were friendly and helpful',
  'Our room was spotless and quiet',
  'Breakfast had plenty of choice',
  'The location is perfect for walking to the old town',
  'Beds were very comfortable',
];
const COMPLAINTS = [
  'the wifi dropped in the evenings',
  'parking nearby was hard to find',
  'the walls are a little thin',
  'check-in took longer than expected',
  'the lift was slow',
];

/** Ten hotels in each of six cities, with prices, amenities and guest reviews. */
export function generateHotels(
  random: Random,
  input: { names: NameForge; cities: readonly City[] },
): Hotel[] {
  const cities = random.sample(input.cities, HOTEL_CITY_COUNT);
  const taken = new Set<string>();
  const hotels: Hotel[] = [];
  for (const city of cities) {
    for (let i = 0; i < HOTELS_PER_CITY; i++) {
      const name = hotelName({ random, names: input.names, city, taken });
      const stars = random.int(2, 5);
      hotels.push({
        name,
        slug: slugify(name),
        city: city.name,
        citySlug: city.slug,
        country: city.country,
        address: `${random.int(1, 240)} ${random.pick(STREETS)} Street, ${city.name}, ${city.country}`,
        pricePerNightUsd: stars * 30 + random.int(10, 160),
        rating: Math.round((2.6 + random.next() * 2.3) * 10) / 10,
        stars,
        rooms: random.int(8, 220),
        freeParking: random.chance(0.45),
        wifi: random.chance(0.9),
        pool: stars >= 4 ? random.chance(0.7) : random.chance(0.15),
        breakfastIncluded: random.chance(0.5),
        petsAllowed: random.chance(0.3),
        checkIn: `${random.int(13, 16)}:00`,
        checkOut: `${random.int(10, 12)}:00`,
        reviews: Array.from({ length: random.int(3, 6) }, () => review(random)),
      });
    }
  }
  return hotels;
}

function hotelName(input: { random: Random; names: NameForge; city: City; taken: Set<string> }): string {
  const { random, city, taken } = input;
  for (;;) {
    const form = random.int(0, 3);
    const name =
      form === 0
        ? `${random.pick(KINDS)} ${random.pick(NOUNS)}`
        : form === 1
          ? `The ${random.pick(ADJECTIVES)} ${random.pick(NOUNS)}`
          : form === 2
            ? `${city.name} ${random.pick(ADJECTIVES)} ${random.pick(KINDS)}`
            : `${input.names.word(2)} ${random.pick(KINDS)}`;
    if (!taken.has(slugify(name))) {
      taken.add(slugify(name));
      return name;
    }
  }
}

function review(random: Random): HotelReview {
  const rating = random.int(2, 5);
  const praise = random.pick(PRAISE);
  const text =
    rating >= 4 ? `${praise}. We would happily stay again.` : `${praise}, but ${random.pick(COMPLAINTS)}.`;
  const month = String(random.int(1, 12)).padStart(2, '0');
  const day = String(random.int(1, 28)).padStart(2, '0');
  return {
    author: `${random.pick(FIRST_NAMES)} ${String.fromCharCode(65 + random.int(0, 25))}.`,
    rating,
    date: `2024-${month}-${day}`,
    title:
      rating >= 4
        ? random.pick(['Lovely stay', 'Great value', 'Would return', 'Excellent'])
        : random.pick(['Decent', 'Mixed feelings', 'Fine for a night']),
    text,
  };
}
