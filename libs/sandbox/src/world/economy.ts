import { forkRandom } from '../random.js';
import type { Country } from './geography.js';

/** Figures shown only after a reader expands the "economic indicators" panel of a country article. */
export interface EconomicIndicators {
  readonly gdpPerCapitaUsd: number;
  readonly unemploymentPct: number;
  readonly inflationPct: number;
}

export function economicIndicators(country: Country, seed: number): EconomicIndicators {
  const random = forkRandom(seed, `economy:${country.slug}`);
  return {
    gdpPerCapitaUsd: Math.round(country.gdpUsd / country.population),
    unemploymentPct: random.int(21, 129) / 10,
    inflationPct: random.int(8, 74) / 10,
  };
}
