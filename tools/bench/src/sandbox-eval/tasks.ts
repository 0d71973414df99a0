import {
  sandboxFacts,
  type CityFact,
  type CountryFact,
  type HotelFact,
  type ProductFact,
  type SandboxWeb,
} from '@forage/sandbox';

export type TaskKind =
  | 'fact'
  | 'multi'
  | 'listing'
  | 'explore'
  | 'task'
  | 'nested'
  | 'superlative'
  | 'topk'
  | 'count'
  | 'aggregate'
  | 'constrained';

/** What a correct answer must contain. */
export type Expectation =
  /** The answer's digits contain the number (thousands separators ignored). */
  | { readonly type: 'number'; readonly value: number }
  /** The answer names the text (case-insensitive). */
  | { readonly type: 'text'; readonly value: string }
  /** The answer starts with the winner's name (a comparison). */
  | { readonly type: 'winner'; readonly value: string }
  /** The answer holds every number (one per entity). */
  | { readonly type: 'numbers'; readonly values: readonly number[] }
  /** The answer lists the names of a set: recall and precision of the names at least 0.8; `others` must not be named. */
  | { readonly type: 'set'; readonly names: readonly string[]; readonly others: readonly string[] }
  /** The run ends without submitting and says which details it needs. */
  | { readonly type: 'needs_input' };

export interface EvalTask {
  readonly id: string;
  readonly kind: TaskKind;
  readonly question: string;
  readonly urls?: readonly string[];
  readonly expect: Expectation;
  /** What the user answers when the run asks (needs_input); unanswered questions are declined. */
  readonly answers?: Readonly<Record<string, string>>;
}

type Origins = Readonly<Record<'wiki' | 'hotels' | 'shop', string>>;

/**
 * At least 40 tasks over the sandbox, eight or more of each kind, with answers taken from the
 * generator's own facts (never read from the pages). Entities are picked deterministically.
 */
export function sandboxTasks(web: SandboxWeb, origins: Origins): EvalTask[] {
  const facts = sandboxFacts(web);
  const countries = facts.filter((f): f is CountryFact => f.kind === 'country');
  const cities = facts.filter((f): f is CityFact => f.kind === 'city');
  const hotels = facts.filter((f): f is HotelFact => f.kind === 'hotel');
  const products = facts.filter((f): f is ProductFact => f.kind === 'product');
  const at = <T>(list: readonly T[], i: number): T => {
    const item = list[i % list.length];
    if (item === undefined) throw new Error('the sandbox has no such facts');
    return item;
  };
  const tasks: EvalTask[] = [];
  const add = (task: Omit<EvalTask, 'id'>): void => {
    tasks.push({
      ...task,
      id: `${task.kind}-${String(tasks.filter((t) => t.kind === task.kind).length + 1)}`,
    });
  };

  // fact: one value, asked in the page's words and in other words
  const c = (i: number): CountryFact => at(countries, i);
  add({
    kind: 'fact',
    question: `What is the population of ${c(0).name}?`,
    expect: { type: 'number', value: c(0).population },
  });
  add({
    kind: 'fact',
    question: `What is the capital of ${c(1).name}?`,
    expect: { type: 'text', value: c(1).capital },
  });
  add({
    kind: 'fact',
    question: `What is the area of ${c(2).name} in square kilometres?`,
    expect: { type: 'number', value: c(2).areaKm2 },
  });
  add({
    kind: 'fact',
    question: `Which currency is used in ${c(3).name}?`,
    expect: { type: 'text', value: c(3).currency },
  });
  add({
    kind: 'fact',
    question: `When was ${c(4).name} founded?`,
    expect: { type: 'number', value: c(4).founded },
  });
  add({
    kind: 'fact',
    question: `What is the inflation rate of ${c(5).name}?`,
    expect: { type: 'number', value: c(5).inflationPct },
  });
  add({
    kind: 'fact',
    question: `How many people live in ${at(cities, 2).name}?`,
    expect: { type: 'number', value: at(cities, 2).population },
  });
  add({
    kind: 'fact',
    question: `How much does a night at ${at(hotels, 3).name} cost?`,
    expect: { type: 'number', value: at(hotels, 3).pricePerNightUsd },
  });
  add({
    kind: 'fact',
    question: `What is the SKU of the ${at(products, 4).name}?`,
    expect: { type: 'text', value: at(products, 4).sku },
  });
  add({
    kind: 'fact',
    question: `What is the unemployment rate in ${c(6).name}?`,
    expect: { type: 'number', value: c(6).unemploymentPct },
  });

  // multi: comparisons, several entities, several questions
  const pairs: [CountryFact, CountryFact][] = [
    [c(0), c(1)],
    [c(2), c(3)],
    [c(4), c(5)],
    [c(6), c(7)],
  ];
  for (const [a, b] of pairs.slice(0, 2)) {
    const winner = a.population >= b.population ? a : b;
    add({
      kind: 'multi',
      question: `Which has the larger population, ${a.name} or ${b.name}?`,
      expect: { type: 'winner', value: winner.name },
    });
  }
  for (const [a, b] of pairs.slice(2, 4)) {
    const winner = a.areaKm2 <= b.areaKm2 ? a : b;
    add({
      kind: 'multi',
      question: `Which country is smaller by area: ${a.name} or ${b.name}?`,
      expect: { type: 'winner', value: winner.name },
    });
  }
  {
    const [a, b] = [c(8), c(9)];
    const winner = a.founded <= b.founded ? a : b;
    add({
      kind: 'multi',
      question: `Which was founded earlier, ${a.name} or ${b.name}?`,
      expect: { type: 'winner', value: winner.name },
    });
  }
  {
    const [a, b] = [at(cities, 0), at(cities, 5)];
    const winner = a.population >= b.population ? a : b;
    add({
      kind: 'multi',
      question: `Which city has more inhabitants, ${a.name} or ${b.name}?`,
      expect: { type: 'winner', value: winner.name },
    });
  }
  {
    const three = [c(1), c(2), c(3)];
    add({
      kind: 'multi',
      question: `What are the populations of ${three
        .map((x) => x.name)
        .join(', ')
        .replace(/, ([^,]*)$/, ' and $1')}?`,
      expect: { type: 'numbers', values: three.map((x) => x.population) },
    });
  }
  {
    const two = [c(4), c(5)];
    add({
      kind: 'multi',
      question: `What is the area of ${two[0]?.name ?? ''} and ${two[1]?.name ?? ''}?`,
      expect: { type: 'numbers', values: two.map((x) => x.areaKm2) },
    });
  }
  add({
    kind: 'multi',
    question: `What is the capital of ${c(7).name} and what is its population?`,
    expect: { type: 'numbers', values: [c(7).population] },
  });
  add({
    kind: 'multi',
    question: `What is the population of ${c(8).name} and what is its area?`,
    expect: { type: 'numbers', values: [c(8).population, c(8).areaKm2] },
  });

  // listing: constraints, superlatives
  const hotelCities = [...new Set(hotels.map((h) => h.city))];
  const inCity = (city: string): HotelFact[] => hotels.filter((h) => h.city === city);
  const names = (list: readonly HotelFact[]): string[] => list.map((h) => h.name);
  for (const city of hotelCities.slice(0, 3)) {
    const all = inCity(city);
    const match = all.filter((h) => h.freeParking);
    add({
      kind: 'listing',
      question: `Hotels in ${city} with free parking`,
      expect: { type: 'set', names: names(match), others: names(all.filter((h) => !h.freeParking)) },
    });
  }
  for (const city of hotelCities.slice(3, 6)) {
    const all = inCity(city);
    const cheapest = [...all].sort((a, b) => a.pricePerNightUsd - b.pricePerNightUsd)[0];
    if (cheapest)
      add({
        kind: 'listing',
        question: `What is the cheapest hotel in ${city}?`,
        expect: { type: 'text', value: cheapest.name },
      });
  }
  for (const [i, city] of hotelCities.slice(0, 2).entries()) {
    const all = inCity(city);
    const prices = all.map((h) => h.pricePerNightUsd).sort((a, b) => a - b);
    const limit = prices[Math.min(prices.length - 1, 4 + i)] ?? 200;
    const match = all.filter((h) => h.pricePerNightUsd <= limit);
    add({
      kind: 'listing',
      question: `Find hotels in ${city} under $${String(limit)} per night`,
      expect: {
        type: 'set',
        names: names(match),
        others: names(all.filter((h) => h.pricePerNightUsd > limit)),
      },
    });
  }
  {
    const city = hotelCities[4] ?? '';
    const all = inCity(city);
    const sorted = [...all].sort((a, b) => b.rating - a.rating);
    const best = sorted[0];
    if (best && sorted[1]?.rating !== best.rating)
      add({
        kind: 'listing',
        question: `What is the highest-rated hotel in ${city}?`,
        expect: { type: 'text', value: best.name },
      });
    const parkingCity = hotelCities[5] ?? '';
    const pAll = inCity(parkingCity);
    const limit = 200;
    const match = pAll.filter((h) => h.freeParking && h.pricePerNightUsd <= limit);
    add({
      kind: 'listing',
      question: `Hotels in ${parkingCity} with free parking under $${String(limit)}`,
      expect: {
        type: 'set',
        names: names(match),
        others: names(pAll.filter((h) => !(h.freeParking && h.pricePerNightUsd <= limit))),
      },
    });
  }

  // explore: a named site or the user's own page, explored from there
  add({
    kind: 'explore',
    question: `On ${origins.wiki}/ what is the capital of ${c(9).name}?`,
    expect: { type: 'text', value: c(9).capital },
  });
  add({
    kind: 'explore',
    question: `On ${origins.wiki}/ what is the population of ${at(cities, 7).name}?`,
    expect: { type: 'number', value: at(cities, 7).population },
  });
  add({
    kind: 'explore',
    question: `On ${origins.shop}/ what is the price of the ${at(products, 9).name}?`,
    expect: { type: 'number', value: at(products, 9).priceUsd },
  });
  add({
    kind: 'explore',
    question: `On ${origins.hotels}/ what is the address of ${at(hotels, 11).name}?`,
    expect: { type: 'text', value: at(hotels, 11).address },
  });
  add({
    kind: 'explore',
    question: `What is the population of ${c(10).name}?`,
    urls: [`${origins.wiki}${c(10).path}`],
    expect: { type: 'number', value: c(10).population },
  });
  add({
    kind: 'explore',
    question: `What is the area of ${c(11).name} in km²?`,
    urls: [`${origins.wiki}${c(11).path}`],
    expect: { type: 'number', value: c(11).areaKm2 },
  });
  add({
    kind: 'explore',
    question: `What does the ${at(products, 14).name} cost?`,
    urls: [`${origins.shop}${at(products, 14).path}`],
    expect: { type: 'number', value: at(products, 14).priceUsd },
  });
  add({
    kind: 'explore',
    question: `What is the guest rating of ${at(hotels, 20).name}?`,
    urls: [`${origins.hotels}${at(hotels, 20).path}`],
    expect: { type: 'number', value: at(hotels, 20).rating },
  });

  // task: a form on a page, sent only when asked, never with guessed details
  const people = [
    ['Ada Lovelace', 'ada@example.org', 'Do you ship tents abroad?'],
    ['Grace Hopper', 'grace@example.org', 'My headlamp arrived broken.'],
    ['Alan Turing', 'alan@example.org', 'Can I return a backpack after 30 days?'],
    ['Mary Somerville', 'mary@example.org', 'Is the stove available in blue?'],
    ['Emmy Noether', 'emmy@example.org', 'Please send me an invoice.'],
    ['Katherine Johnson', 'kj@example.org', 'Which tent is lightest?'],
  ] as const;
  for (const [name, email, message] of people)
    add({
      kind: 'task',
      question: `Send the contact form on ${origins.shop}/ with name "${name}", email ${email} and message "${message}"`,
      expect: { type: 'text', value: email },
    });
  add({
    kind: 'task',
    question: `Send the contact form on ${origins.shop}/ with name "Ada Lovelace" and message "Hello"`,
    expect: { type: 'needs_input' },
  });
  add({
    kind: 'task',
    question: `Send a message through the contact form on ${origins.shop}/contact with name "Lise Meitner", email lise@example.org and message "Do you sell spare tent poles?"`,
    expect: { type: 'text', value: 'lise@example.org' },
  });
  // task memory: the details are asked once and answered, then a later run reuses them unasked
  add({
    kind: 'task',
    question: `Send the contact form on ${origins.shop}/contact with message "Do you repair stoves?"`,
    answers: { name: 'Rosalind Franklin', email: 'rosalind@example.org' },
    expect: { type: 'text', value: 'rosalind@example.org' },
  });
  add({
    kind: 'task',
    question: `Send a message through the contact form on ${origins.shop}/contact with message "And tents?"`,
    expect: { type: 'text', value: 'rosalind@example.org' },
  });
  return tasks;
}
