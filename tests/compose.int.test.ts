import {
  generateSandbox,
  sandboxFacts,
  type CityFact,
  type CountryFact,
  type HotelFact,
} from '@forage/sandbox';
import { startInProcessStack, waitAllHealthy, type InProcessStack } from './support/stack.js';
import { askOverHttp, type RunCompletion } from './support/runs.js';

/** A sandbox world the project does not tune on (the default seed is 42). */
const SEED = 7;

const digits = (text: string | undefined): string => (text ?? '').replace(/\D/g, '');
const named = (text: string | undefined, names: readonly string[]): string[] =>
  names.filter((n) => (text ?? '').toLowerCase().includes(n.toLowerCase()));

/**
 * Questions that compose, asked through the gateway, NATS and every real service (Chromium,
 * PGlite) on a second sandbox world, each checked against the world's ground truth: a nested
 * question, superlatives (by price, by rating, over a table's rows), a top-k, a count, a sum and a
 * listing under four constraints (place, two features that are not prices, a price bound). Entities are picked by rule, never by name.
 */
describe('composed questions on a second sandbox world', () => {
  let stack: InProcessStack;
  const facts = sandboxFacts(generateSandbox({ seed: SEED }));
  const countries = facts.filter((f): f is CountryFact => f.kind === 'country');
  const cities = facts.filter((f): f is CityFact => f.kind === 'city');
  const hotels = facts.filter((f): f is HotelFact => f.kind === 'hotel');
  const hotelCities = [...new Set(hotels.map((h) => h.city))];
  const inCity = (city: string): HotelFact[] => hotels.filter((h) => h.city === city);
  const ask = async (question: string): Promise<RunCompletion> =>
    (await askOverHttp(stack.gatewayUrl, question)).completed;

  beforeAll(async () => {
    stack = await startInProcessStack({ sandboxSeed: SEED });
    await waitAllHealthy(stack.services);
  }, 180_000);

  afterAll(async () => {
    await stack.stop();
  }, 60_000);

  it('nested: answers the population of a country’s capital hop by hop, never the country’s own', async () => {
    const pair = countries
      .map((country) => ({
        country,
        capital: cities.find((c) => c.name === country.capital && c.country === country.name),
      }))
      .find((x) => x.capital && x.capital.population !== x.country.population);
    if (!pair?.capital) throw new Error('the world has no country with a capital page');
    const completed = await ask(`What is the population of the capital of ${pair.country.name}?`);
    expect(completed.outcome).toBe('answered');
    expect(digits(completed.answer?.text)).toBe(String(pair.capital.population));
  }, 300_000);

  it('superlative: names the one most expensive hotel of a city', async () => {
    const dearest = (c: string) => [...inCity(c)].sort((x, y) => y.pricePerNightUsd - x.pricePerNightUsd);
    const city = hotelCities.find((c) => {
      const [a, b] = dearest(c);
      return a && b && a.pricePerNightUsd !== b.pricePerNightUsd;
    });
    if (!city) throw new Error('no city with one most expensive hotel');
    const completed = await ask(`What is the most expensive hotel in ${city}?`);
    expect(completed.outcome).toBe('answered');
    expect(
      named(
        completed.answer?.text,
        inCity(city).map((h) => h.name),
      ),
    ).toEqual([dearest(city)[0]?.name]);
  }, 300_000);

  it('top-k: lists exactly the two cheapest hotels of a city', async () => {
    const city = hotelCities.find((c) => {
      const sorted = [...inCity(c)].sort((x, y) => x.pricePerNightUsd - y.pricePerNightUsd);
      return sorted.length > 2 && sorted[1]?.pricePerNightUsd !== sorted[2]?.pricePerNightUsd;
    });
    if (!city) throw new Error('no city with a strict top two');
    const sorted = [...inCity(city)].sort((x, y) => x.pricePerNightUsd - y.pricePerNightUsd);
    const completed = await ask(`List the two cheapest hotels in ${city}`);
    expect(completed.outcome).toBe('answered');
    expect(
      named(
        completed.answer?.text,
        inCity(city).map((h) => h.name),
      ).sort(),
    ).toEqual(
      sorted
        .slice(0, 2)
        .map((h) => h.name)
        .sort(),
    );
  }, 300_000);

  it('count: says how many hotels of a city have a pool, as a verified count', async () => {
    const city = hotelCities.find((c) => inCity(c).some((h) => h.pool)) ?? '';
    const completed = await ask(`How many hotels in ${city} have a pool?`);
    expect(completed.outcome).toBe('answered');
    expect(/^\d+/.exec(completed.answer?.text ?? '')?.[0]).toBe(
      String(inCity(city).filter((h) => h.pool).length),
    );
    expect(completed.answer?.derived?.[0]?.kind).toBe('count');
  }, 300_000);

  it('superlative by rating: the best-rated hotel of a city, though side rails name hotels without ratings', async () => {
    const best = (c: string) => [...inCity(c)].sort((x, y) => y.rating - x.rating);
    const city = hotelCities.find((c) => {
      const [a, b] = best(c);
      return a && b && a.rating !== b.rating;
    });
    if (!city) throw new Error('no city with one best-rated hotel');
    const completed = await ask(`Which hotel in ${city} has the highest rating?`);
    expect(completed.outcome).toBe('answered');
    expect(
      named(
        completed.answer?.text,
        inCity(city).map((h) => h.name),
      ),
    ).toEqual([best(city)[0]?.name]);
  }, 300_000);

  it('superlative over a table: the most populous country, from a list page’s rows', async () => {
    const sorted = [...countries].sort((a, b) => b.population - a.population);
    const completed = await ask('Which country has the largest population?');
    expect(completed.outcome).toBe('answered');
    expect(
      named(
        completed.answer?.text,
        countries.map((c) => c.name),
      ),
    ).toEqual([sorted[0]?.name]);
  }, 300_000);

  it('sum: the total population of the three least populous countries, re-derived by the verifier', async () => {
    const sorted = [...countries].sort((a, b) => a.population - b.population);
    const total = sorted.slice(0, 3).reduce((sum, c) => sum + c.population, 0);
    const completed = await ask('What is the total population of the three least populous countries?');
    expect(completed.outcome).toBe('answered');
    expect(digits(/^[\d,.]+/.exec(completed.answer?.text ?? '')?.[0])).toBe(String(total));
    expect(completed.answer?.derived?.[0]?.kind).toBe('sum');
  }, 300_000);

  it('constrained listing: place, two features and a price bound, nothing that breaks one', async () => {
    const options = hotelCities.flatMap((city) =>
      [180, 220, 260, 300].map((limit) => ({
        city,
        limit,
        match: inCity(city).filter((h) => h.freeParking && h.wifi && h.pricePerNightUsd <= limit),
      })),
    );
    const pick = options.find((o) => o.match.length >= 1 && o.match.length < inCity(o.city).length);
    if (!pick) throw new Error('no city where the constraints select some hotels');
    const completed = await ask(
      `Hotels in ${pick.city} with free parking and wifi under $${String(pick.limit)}`,
    );
    expect(completed.outcome).toBe('answered');
    const all = inCity(pick.city).map((h) => h.name);
    const listed = named(completed.answer?.text, all);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((n) => !pick.match.some((h) => h.name === n))).toEqual([]);
  }, 300_000);
});
