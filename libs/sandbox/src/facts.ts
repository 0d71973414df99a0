import { hotelPath, productPath, wikiPath } from './paths.js';
import type { SandboxWeb } from './types.js';
import { CENSUS_YEAR } from './world/geography.js';
import { economicIndicators } from './world/economy.js';
import type { Availability } from './world/products.js';

/** Ground truth behind the pages, so tests and demos can check answers without hard-coding them. */
export type SandboxFact = CountryFact | CityFact | HotelFact | ProductFact;

interface FactLocation {
  readonly site: 'wiki' | 'hotels' | 'shop';
  /** Root-relative path of the page that states the fact; prefix with `originOf(site)`. */
  readonly path: string;
}

export interface CountryFact extends FactLocation {
  readonly kind: 'country';
  readonly name: string;
  readonly capital: string;
  readonly population: number;
  readonly censusYear: number;
  readonly areaKm2: number;
  readonly currency: string;
  readonly currencyCode: string;
  /** Shown only in the script-rendered infobox row. */
  readonly gdpUsd: number;
  /** Shown only after the "Show economic indicators" button is clicked. */
  readonly gdpPerCapitaUsd: number;
  readonly unemploymentPct: number;
  readonly inflationPct: number;
  readonly founded: number;
}

export interface CityFact extends FactLocation {
  readonly kind: 'city';
  readonly name: string;
  readonly country: string;
  readonly population: number;
  readonly censusYear: number;
  readonly founded: number;
  readonly isCapital: boolean;
}

export interface HotelFact extends FactLocation {
  readonly kind: 'hotel';
  readonly name: string;
  readonly city: string;
  readonly pricePerNightUsd: number;
  readonly rating: number;
  readonly freeParking: boolean;
  readonly wifi: boolean;
  readonly pool: boolean;
  readonly address: string;
}

export interface ProductFact extends FactLocation {
  readonly kind: 'product';
  readonly name: string;
  readonly sku: string;
  readonly category: string;
  readonly priceUsd: number;
  readonly availability: Availability;
}

export function sandboxFacts(web: SandboxWeb): SandboxFact[] {
  const { world } = web;
  const countries = world.countries.map((c): CountryFact => ({
    kind: 'country',
    site: 'wiki',
    path: wikiPath(c.name),
    name: c.name,
    capital: c.capital,
    population: c.population,
    censusYear: CENSUS_YEAR,
    areaKm2: c.areaKm2,
    currency: c.currency.name,
    currencyCode: c.currency.code,
    gdpUsd: c.gdpUsd,
    ...economicIndicators(c, web.seed),
    founded: c.founded,
  }));
  const cities = world.cities.map((c): CityFact => ({
    kind: 'city',
    site: 'wiki',
    path: wikiPath(c.name),
    name: c.name,
    country: c.country,
    population: c.population,
    censusYear: CENSUS_YEAR,
    founded: c.founded,
    isCapital: c.isCapital,
  }));
  const hotels = world.hotels.map((h): HotelFact => ({
    kind: 'hotel',
    site: 'hotels',
    path: hotelPath(h.slug),
    name: h.name,
    city: h.city,
    pricePerNightUsd: h.pricePerNightUsd,
    rating: h.rating,
    freeParking: h.freeParking,
    wifi: h.wifi,
    pool: h.pool,
    address: h.address,
  }));
  const products = world.products.map((p): ProductFact => ({
    kind: 'product',
    site: 'shop',
    path: productPath(p.slug),
    name: p.name,
    sku: p.sku,
    category: p.category,
    priceUsd: p.priceUsd,
    availability: p.availability,
  }));
  return [...countries, ...cities, ...hotels, ...products];
}
