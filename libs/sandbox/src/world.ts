import { forkRandom } from './random.js';
import { generateGeography, type Geography } from './world/geography.js';
import { generateHotels, type Hotel } from './world/hotels.js';
import { NameForge } from './world/names.js';
import { generateProducts, type Product } from './world/products.js';

/** The invented world every site describes: one source of truth for pages and facts. */
export interface World extends Geography {
  readonly hotels: readonly Hotel[];
  readonly products: readonly Product[];
}

export function generateWorld(seed: number): World {
  const names = new NameForge(forkRandom(seed, 'names'));
  const geography = generateGeography(forkRandom(seed, 'geography'), names);
  const hotels = generateHotels(forkRandom(seed, 'hotels'), { names, cities: geography.cities });
  const products = generateProducts(forkRandom(seed, 'products'), names);
  return { ...geography, hotels, products };
}
