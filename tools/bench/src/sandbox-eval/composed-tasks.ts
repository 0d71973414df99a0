import {
  sandboxFacts,
  type CityFact,
  type CountryFact,
  type HotelFact,
  type SandboxWeb,
} from '@forage/sandbox';
import type { EvalTask } from './tasks.js';

/**
 * Questions that compose, generated from the world's own facts (any seed): nested hops,
 * superlatives, top-k, counts, sums and means, and listings under several constraints (one of them
 * not a price).
 * Entities are picked by rule (never by name), so another seed asks the same kinds about other things.
 */
export function composedTasks(web: SandboxWeb): EvalTask[] {
  const facts = sandboxFacts(web);
  const countries = facts.filter((f): f is CountryFact => f.kind === 'country');
  const cities = facts.filter((f): f is CityFact => f.kind === 'city');
  const hotels = facts.filter((f): f is HotelFact => f.kind === 'hotel');
  const tasks: EvalTask[] = [];
  const add = (task: Omit<EvalTask, 'id'>): void => {
    tasks.push({
      ...task,
      id: `${task.kind}-${String(tasks.filter((t) => t.kind === task.kind).length + 1)}`,
    });
  };
  const names = (list: readonly HotelFact[]): string[] => list.map((h) => h.name);

  // nested: the capital of a country, then an attribute of that city
  const withCapital = countries
    .map((country) => ({
      country,
      capital: cities.find((c) => c.name === country.capital && c.country === country.name),
    }))
    .filter((x): x is { country: CountryFact; capital: CityFact } => x.capital !== undefined);
  const nested: readonly ((x: {
    country: CountryFact;
    capital: CityFact;
  }) => Omit<EvalTask, 'id' | 'kind'>)[] = [
    ({ country, capital }) => ({
      question: `What is the population of the capital of ${country.name}?`,
      expect: { type: 'number', value: capital.population },
    }),
    ({ country, capital }) => ({
      question: `How many people live in the capital of ${country.name}?`,
      expect: { type: 'number', value: capital.population },
    }),
    ({ country, capital }) => ({
      question: `When was the capital of ${country.name} founded?`,
      expect: { type: 'number', value: capital.founded },
    }),
    ({ country, capital }) => ({
      question: `What is the population of ${country.name}'s capital?`,
      expect: { type: 'number', value: capital.population },
    }),
    ({ country, capital }) => ({
      question: `What is the population of the capital city of ${country.name}?`,
      expect: { type: 'number', value: capital.population },
    }),
  ];
  nested.forEach((make, i) => {
    const x = withCapital[(i * 3 + 1) % Math.max(1, withCapital.length)];
    // a capital whose population equals its country's would not tell the hops apart
    if (x && x.capital.population !== x.country.population) add({ kind: 'nested', ...make(x) });
  });

  // hotel sets per city (a world has a few hotel cities), each kind starting at another city
  const hotelCities = [...new Set(hotels.map((h) => h.city))];
  const inCity = (city: string): HotelFact[] => hotels.filter((h) => h.city === city);
  const unique = <T>(list: readonly T[], key: (t: T) => number, at: number): boolean =>
    list.filter((t) => key(t) === key(list[at] as T)).length === 1;
  const byPrice = (list: readonly HotelFact[]) =>
    [...list].sort((a, b) => a.pricePerNightUsd - b.pricePerNightUsd);
  const byRating = (list: readonly HotelFact[]) => [...list].sort((a, b) => b.rating - a.rating);

  // superlative: one member of a set, by an attribute
  for (const [i, city] of hotelCities.entries()) {
    const all = inCity(city);
    if (all.length < 2) continue;
    const questions = [
      () => {
        const sorted = byPrice(all);
        const top = sorted.at(-1);
        return top && unique(sorted, (h) => h.pricePerNightUsd, sorted.length - 1)
          ? { question: `What is the most expensive hotel in ${city}?`, value: top.name }
          : undefined;
      },
      () => {
        const sorted = byRating(all);
        const top = sorted[0];
        return top && unique(sorted, (h) => h.rating, 0)
          ? { question: `Which hotel in ${city} has the highest rating?`, value: top.name }
          : undefined;
      },
      () => {
        const sorted = byPrice(all);
        const top = sorted[0];
        return top && unique(sorted, (h) => h.pricePerNightUsd, 0)
          ? { question: `Which hotel in ${city} has the lowest price?`, value: top.name }
          : undefined;
      },
      () => {
        const sorted = byRating(all);
        const low = sorted.at(-1);
        return low && unique(sorted, (h) => h.rating, sorted.length - 1)
          ? { question: `What is the lowest-rated hotel in ${city}?`, value: low.name }
          : undefined;
      },
    ];
    const made = questions[i % questions.length]?.();
    if (made)
      add({ kind: 'superlative', question: made.question, expect: { type: 'text', value: made.value } });
  }
  {
    const sorted = [...countries].sort((a, b) => b.population - a.population);
    const top = sorted[0];
    if (top && sorted[1]?.population !== top.population)
      add({
        kind: 'superlative',
        question: 'Which country has the largest population?',
        expect: { type: 'text', value: top.name },
      });
  }

  // top-k: the k best members by an attribute, named
  for (const [i, city] of [...hotelCities.slice(1), ...hotelCities.slice(0, 1)].slice(0, 4).entries()) {
    const all = inCity(city);
    const k = 2 + (i % 2);
    if (all.length <= k) continue;
    const sorted = i % 2 === 0 ? byPrice(all) : byRating(all);
    const key = i % 2 === 0 ? (h: HotelFact) => h.pricePerNightUsd : (h: HotelFact) => h.rating;
    // the k-th and the (k+1)-th must differ, or the top k is not one set
    const kth = sorted[k - 1];
    const next = sorted[k];
    if (!kth || !next || key(kth) === key(next)) continue;
    const words = k === 2 ? 'two' : 'three';
    add({
      kind: 'topk',
      question:
        i % 2 === 0
          ? `List the ${words} cheapest hotels in ${city}`
          : `Which are the ${words} highest-rated hotels in ${city}?`,
      expect: { type: 'set', names: names(sorted.slice(0, k)), others: names(sorted.slice(k)) },
    });
  }
  {
    const sorted = [...countries].sort((a, b) => a.population - b.population);
    const third = sorted[2];
    const fourth = sorted[3];
    if (third && fourth && third.population !== fourth.population)
      add({
        kind: 'topk',
        question: 'Which are the three countries with the smallest population?',
        expect: {
          type: 'set',
          names: sorted.slice(0, 3).map((c) => c.name),
          others: sorted.slice(3).map((c) => c.name),
        },
      });
  }

  // count: how many members meet a constraint
  for (const [i, city] of [...hotelCities.slice(2), ...hotelCities.slice(0, 2)].slice(0, 4).entries()) {
    const all = inCity(city);
    if (all.length === 0) continue;
    const feature = (['pool', 'freeParking', 'wifi'] as const)[i % 3] ?? 'pool';
    const words = { pool: 'a pool', freeParking: 'free parking', wifi: 'wifi' }[feature];
    add({
      kind: 'count',
      question: `How many hotels in ${city} have ${words}?`,
      expect: { type: 'number', value: all.filter((h) => h[feature]).length },
    });
  }

  // aggregate: a sum over the top k of an order, and a mean over a city's hotels
  {
    const sorted = [...countries].sort((a, b) => a.population - b.population);
    for (const k of [2, 3]) {
      const last = sorted[k - 1];
      const next = sorted[k];
      if (!last || !next || last.population === next.population) continue;
      add({
        kind: 'aggregate',
        question: `What is the total population of the ${k === 2 ? 'two' : 'three'} least populous countries?`,
        expect: { type: 'number', value: sorted.slice(0, k).reduce((sum, c) => sum + c.population, 0) },
      });
    }
  }
  for (const city of hotelCities.slice(1, 3)) {
    const all = inCity(city);
    // a mean is verified over at most 20 items, each checked at its node
    if (all.length === 0 || all.length > 20) continue;
    const mean = all.reduce((sum, h) => sum + h.pricePerNightUsd, 0) / all.length;
    add({
      kind: 'aggregate',
      question: `What is the average price of hotels in ${city}?`,
      expect: { type: 'number', value: Math.round(mean * 100) / 100 },
    });
  }

  // constrained listing: place, two features and a price bound (the features are not prices)
  for (const [i, city] of [...hotelCities.slice(3), ...hotelCities.slice(0, 3)].slice(0, 4).entries()) {
    const all = inCity(city);
    const limit = [200, 250, 300, 350][i % 4] ?? 250;
    const rated = i % 2 === 1;
    const match = all.filter(
      (h) => h.freeParking && h.wifi && h.pricePerNightUsd <= limit && (!rated || h.rating >= 4),
    );
    // an empty answer is no listing to release: ask only where some hotel meets every constraint
    if (match.length === 0) continue;
    add({
      kind: 'constrained',
      question: `Hotels in ${city} with free parking and wifi under $${String(limit)}${rated ? ', rated 4 or higher' : ''}`,
      expect: { type: 'set', names: names(match), others: names(all.filter((h) => !match.includes(h))) },
    });
  }
  return tasks;
}
