import { slugify } from '../format.js';
import type { Random } from '../random.js';
import type { NameForge } from './names.js';

export const CENSUS_YEAR = 2023;

export interface Currency {
  readonly name: string;
  readonly code: string;
}

export interface Country {
  readonly name: string;
  readonly slug: string;
  readonly region: string;
  readonly capital: string;
  readonly population: number;
  readonly areaKm2: number;
  readonly currency: Currency;
  readonly gdpUsd: number;
  readonly founded: number;
  readonly government: string;
  readonly language: string;
  readonly demonym: string;
  readonly river: string;
  readonly highestPeak: { readonly name: string; readonly elevationM: number };
  readonly mainExports: readonly string[];
  /** Names of bordering countries (symmetric). */
  readonly neighbours: readonly string[];
  /** Names of this country's cities, capital first. */
  readonly cities: readonly string[];
}

export interface City {
  readonly name: string;
  readonly slug: string;
  readonly country: string;
  readonly population: number;
  readonly founded: number;
  readonly elevationM: number;
  readonly isCapital: boolean;
  readonly landmark: string;
  readonly industry: string;
}

export interface Geography {
  readonly regions: readonly string[];
  readonly countries: readonly Country[];
  readonly cities: readonly City[];
}

const COUNTRY_COUNT = 25;
const CITY_COUNT = 40;
const REGION_COUNT = 5;

const GOVERNMENTS = [
  'parliamentary republic',
  'constitutional monarchy',
  'federal republic',
  'presidential republic',
  'grand duchy',
];
const CURRENCY_UNITS = [
  'florin',
  'mark',
  'crown',
  'dinar',
  'thaler',
  'ducat',
  'real',
  'sol',
  'lira',
  'shilling',
];
const EXPORTS = [
  'timber',
  'copper',
  'wool',
  'olive oil',
  'machinery',
  'fish',
  'wine',
  'textiles',
  'salt',
  'software',
  'grain',
  'ceramics',
  'tea',
  'iron ore',
  'electronics',
];
const LANDMARKS = [
  'cathedral',
  'old harbour',
  'clock tower',
  'botanical garden',
  'royal palace',
  'stone bridge',
  'central market',
  'observatory',
  'opera house',
  'fortress',
];
const INDUSTRIES = [
  'shipbuilding',
  'tourism',
  'banking',
  'textiles',
  'brewing',
  'logistics',
  'mining',
  'publishing',
  'fishing',
  'research',
];
const REGION_FORMS = ['{} Basin', '{} Peninsula', 'Northern {}', 'the {} Highlands', '{} Coast'];

/** Invents regions, countries and cities; capitals are each country's largest city. */
export function generateGeography(random: Random, names: NameForge): Geography {
  const regions = REGION_FORMS.slice(0, REGION_COUNT).map((form) => form.replace('{}', names.word(2)));
  const countryNames = Array.from({ length: COUNTRY_COUNT }, () => names.country());
  const cityNames = Array.from({ length: CITY_COUNT }, () => names.city());
  const populations = distinctValues(COUNTRY_COUNT, () => logUniform(random, [400_000, 90_000_000]));

  const regionOf = countryNames.map((_, i) => regions[i % REGION_COUNT] ?? '');
  const cityOwner = cityNames.map((_, i) => (i < COUNTRY_COUNT ? i : random.int(0, COUNTRY_COUNT - 1)));
  const usedCodes = new Set<string>();

  const cities: City[] = [];
  const countries = countryNames.map((name, i): Country => {
    const population = populations[i] ?? 0;
    const ownCities = cityNames.filter((_, c) => cityOwner[c] === i);
    const capitalPopulation = Math.round(population * (0.08 + random.next() * 0.17));
    const founded = random.int(720, 1960);
    ownCities.forEach((cityName, c) => {
      cities.push({
        name: cityName,
        slug: slugify(cityName),
        country: name,
        population:
          c === 0 ? capitalPopulation : Math.round(capitalPopulation * (0.12 + random.next() * 0.6)) + c,
        founded: random.int(300, founded + 80),
        elevationM: random.int(2, 1400),
        isCapital: c === 0,
        landmark: random.pick(LANDMARKS),
        industry: random.pick(INDUSTRIES),
      });
    });
    const demonym = demonymOf(name);
    return {
      name,
      slug: slugify(name),
      region: regionOf[i] ?? '',
      capital: ownCities[0] ?? '',
      population,
      areaKm2: Math.round(population / random.int(12, 420)) + random.int(0, 999),
      currency: currencyOf({ random, demonym, usedCodes, country: name }),
      gdpUsd: Math.round((population * random.int(1_500, 65_000)) / 1e6) * 1e6,
      founded,
      government: random.pick(GOVERNMENTS),
      language: `${demonym.replace(/(ian|an|n)$/, '')}${random.pick(['ese', 'ic', 'ish'])}`,
      demonym,
      river: names.word(2),
      highestPeak: { name: `Mount ${names.word(2)}`, elevationM: random.int(600, 6400) },
      mainExports: random.sample(EXPORTS, 3),
      neighbours: neighboursInRing({ names: countryNames, regionOf, index: i }),
      cities: ownCities,
    };
  });
  return { regions, countries, cities };
}

function logUniform(random: Random, [min, max]: readonly [number, number]): number {
  return Math.round(Math.exp(Math.log(min) + random.next() * (Math.log(max) - Math.log(min))));
}

function distinctValues(count: number, make: () => number): number[] {
  const values = new Set<number>();
  while (values.size < count) values.add(make());
  return [...values];
}

/** Countries of one region sit in a ring, so each borders the one before and after it. */
function neighboursInRing(input: {
  names: readonly string[];
  regionOf: readonly string[];
  index: number;
}): string[] {
  const { names, regionOf, index } = input;
  const ring = names.filter((_, i) => regionOf[i] === regionOf[index]);
  const at = ring.indexOf(names[index] ?? '');
  const before = ring[(at - 1 + ring.length) % ring.length];
  const after = ring[(at + 1) % ring.length];
  return [...new Set([before, after])].filter((n): n is string => n !== undefined && n !== names[index]);
}

function demonymOf(name: string): string {
  if (name.endsWith('ia')) return `${name}n`;
  if (name.endsWith('a')) return `${name}n`;
  if (name.endsWith('e')) return `${name}an`;
  return `${name}ian`;
}

function currencyOf(input: {
  random: Random;
  demonym: string;
  usedCodes: Set<string>;
  country: string;
}): Currency {
  const unit = input.random.pick(CURRENCY_UNITS);
  const letters = input.country.toUpperCase().replace(/[^A-Z]/g, '');
  let code = `${letters.slice(0, 2)}${unit.charAt(0).toUpperCase()}`;
  for (let i = 2; input.usedCodes.has(code) && i < letters.length; i++)
    code = `${letters.slice(0, 1)}${letters.charAt(i)}${unit.charAt(0).toUpperCase()}`;
  input.usedCodes.add(code);
  return { name: `${input.demonym} ${unit}`, code };
}
