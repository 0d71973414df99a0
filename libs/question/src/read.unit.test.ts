import { readQuestion } from './read.js';

/** Invented names only: none is an entity of a benchmark or of the default sandbox world. */
const PLACES = ['Esmarra', 'Quillith', 'Port Vandel', 'Tirvane', 'New Oskar'];
const PEOPLE = ['M. Kessa', 'Ilse Varn', 'J. R. Tolt'];

const cross = <A, B>(as: readonly A[], bs: readonly B[]): [A, B][] =>
  as.flatMap((a) => bs.map((b): [A, B] => [a, b]));

describe('nested questions: the value of one hop is the subject of the next', () => {
  const outer: readonly [string, string, string][] = [
    ['What is the population of {X}?', 'population', 'number'],
    ['How many people live in {X}?', 'population', 'number'],
    ['What is the area of {X}?', 'area', 'number'],
    ['When was {X} founded?', 'founded', 'date'],
    ['What is the elevation of {X}?', 'elevation', 'number'],
  ];
  const inner: readonly [string, string][] = [
    ['the capital of {E}', 'capital'],
    ["{E}'s capital", 'capital'],
    ['the capital city of {E}', 'capital city'],
    ['the largest city of {E}', 'largest city'],
  ];
  it.each(cross(cross(outer, inner), PLACES))(
    '%j',
    ([[template, attribute, answerType], [phrase, relation]], place) => {
      const question = template.replace('{X}', phrase.replace('{E}', place));
      const reading = readQuestion(question);
      expect(reading.shape).toBe('nested');
      expect(reading.entity).toBe(place);
      expect(reading.chain?.hops.map((h) => h.relation)).toEqual([relation, attribute]);
      expect(reading.attribute).toBe(attribute);
      expect(reading.answerType).toBe(answerType);
      const [first, last] = reading.chain?.hops ?? [];
      expect(first?.template.replace('{}', place)).toContain(place);
      expect(last?.template).toContain('{}');
      expect(last?.template.replace('{}', 'Nubo')).not.toContain(place);
    },
  );

  it.each(
    cross(
      ['mayor', 'founder', 'governor'],
      PLACES.map((p) => p),
    ),
  )('a person of a relation of a place: the %s of the capital of %s', (person, place) => {
    const reading = readQuestion(`Who is the ${person} of the capital of ${place}?`);
    expect(reading.shape).toBe('nested');
    expect(reading.chain?.hops.map((h) => h.relation)).toEqual(['capital', person]);
    expect(reading.answerType).toBe('person');
  });

  it.each(
    cross(
      [
        ['Who designed the {n} that pairs with the {E} pump?', 'person'],
        ['What is the price of the {n} that fits the {E} stove?', 'money'],
        ['Who made the {n} sold with the {E} kit?', 'person'],
        ['When was the {n} that replaced the {E} released?', 'date'],
      ] as const,
      [
        ['valve', 'Vorn-7'],
        ['lantern', 'Brisk 40'],
        ['filter', 'Koba'],
      ] as const,
    ),
  )('a thing named by its relation to another: %j %j', ([template, answerType], [noun, entity]) => {
    const reading = readQuestion(template.replace('{n}', noun).replace('{E}', entity));
    expect(reading.shape).toBe('nested');
    expect(reading.entity).toBe(entity);
    expect(reading.chain?.hops).toHaveLength(2);
    expect(reading.chain?.hops[0]?.template).toMatch(new RegExp(`^Which ${noun} .*${entity}`));
    expect(reading.chain?.hops[1]?.template).toContain('{}');
    expect(reading.answerType).toBe(answerType);
  });

  it.each(PLACES)('one relation of a named thing is a fact, not a chain: %s', (place) => {
    for (const q of [
      `What is the capital of ${place}?`,
      `What is the population of ${place}?`,
      `Who is the mayor of ${place}?`,
      `What is the area of the Republic of ${place}?`,
      `When was the Bank of ${place} founded?`,
    ]) {
      const reading = readQuestion(q);
      expect([q, reading.shape]).toEqual([q, 'fact']);
      expect(reading.chain).toBeUndefined();
    }
  });
});

describe('questions over a set: superlatives, top-k, counts, sums and averages', () => {
  const superlatives: readonly [string, string, 'asc' | 'desc'][] = [
    ['cheapest', 'price', 'asc'],
    ['least expensive', 'price', 'asc'],
    ['most expensive', 'price', 'desc'],
    ['highest-rated', 'rating', 'desc'],
    ['best-rated', 'rating', 'desc'],
    ['lowest-rated', 'rating', 'asc'],
  ];
  it.each(cross(superlatives, PLACES))('the %j hotel in %s', ([words, by, direction], place) => {
    for (const q of [
      `What is the ${words} hotel in ${place}?`,
      `Which is the ${words} hotel in ${place}?`,
      `the ${words} hotel in ${place}`,
    ]) {
      const reading = readQuestion(q);
      expect(reading.shape).toBe('set');
      expect(reading.set?.noun).toBe('hotel');
      expect(reading.set?.operation).toEqual({ kind: 'top', k: 1, order: { by, direction } });
      expect(reading.constraints.place).toBe(place);
    }
  });

  const ranked: readonly [string, string, 'asc' | 'desc'][] = [
    ['the highest rating', 'rating', 'desc'],
    ['the lowest rating', 'rating', 'asc'],
    ['the lowest price', 'price', 'asc'],
    ['the highest price', 'price', 'desc'],
  ];
  it.each(cross(ranked, PLACES))('which hotel has %j in %s', ([words, by, direction], place) => {
    for (const q of [`Which hotel in ${place} has ${words}?`, `Which hotel has ${words} in ${place}?`]) {
      const reading = readQuestion(q);
      expect(reading.set?.operation).toEqual({ kind: 'top', k: 1, order: { by, direction } });
      expect(reading.constraints.place).toBe(place);
      expect(reading.answerType).toBe('name');
    }
  });

  const counts: readonly [string, number][] = [
    ['two', 2],
    ['three', 3],
    ['five', 5],
    ['4', 4],
    ['10', 10],
  ];
  const attributes: readonly [string, string][] = [
    ['population', 'population'],
    ['area', 'area'],
    ['inflation rate', 'inflation'],
    ['unemployment rate', 'unemployment'],
    ['GDP', 'gdp'],
  ];
  it.each(cross(counts, attributes))(
    'the %j countries with the smallest or largest %j',
    ([word, k], [words, attribute]) => {
      const smallest = readQuestion(`Which are the ${word} countries with the smallest ${words}?`);
      expect(smallest.shape).toBe('set');
      expect(smallest.set?.noun).toBe('country');
      expect(smallest.set?.operation).toEqual({ kind: 'top', k, order: { by: attribute, direction: 'asc' } });
      expect(smallest.answerType).toBe('list');
      const largest = readQuestion(`Name the ${word} countries with the highest ${words}.`);
      expect(largest.set?.operation).toEqual({ kind: 'top', k, order: { by: attribute, direction: 'desc' } });
    },
  );

  it.each(cross(counts, attributes))(
    'the %j of the k smallest countries: %j',
    ([word, k], [words, attribute]) => {
      const reading = readQuestion(`What is the ${words} of the ${word} smallest countries?`);
      expect(reading.set?.operation).toEqual({ kind: 'top', k, order: { by: 'area', direction: 'asc' } });
      expect(reading.set?.asked).toBe(attribute);
      expect(reading.attribute).toBe(attribute);
      const populous = readQuestion(`What is the ${words} of the ${word} most populous countries?`);
      expect(populous.set?.operation).toEqual({
        kind: 'top',
        k,
        order: { by: 'population', direction: 'desc' },
      });
      expect(populous.set?.asked).toBe(attribute);
    },
  );

  it.each(
    cross(
      ['most populous', 'least populous', 'oldest', 'newest', 'largest', 'smallest'],
      ['country', 'city'],
    ),
  )('the %s %s is a superlative over a set', (words, noun) => {
    const reading = readQuestion(`Which ${noun} is the ${words}?`);
    expect(reading.shape).toBe('set');
    expect(reading.set?.noun).toBe(noun);
    expect(reading.set?.operation.kind).toBe('top');
  });

  const features = ['free parking', 'a pool', 'a gym', 'free breakfast', 'a spa'];
  it.each(cross(features, PLACES))('how many hotels have %s in %s', (feature, place) => {
    for (const q of [
      `How many hotels in ${place} have ${feature}?`,
      `How many hotels in ${place} offer ${feature}?`,
      `How many hotels with ${feature} are there in ${place}?`,
    ]) {
      const reading = readQuestion(q);
      expect([q, reading.shape]).toEqual([q, 'set']);
      expect(reading.set?.operation).toEqual({ kind: 'count' });
      expect(reading.answerType).toBe('count');
      expect(reading.constraints.place).toBe(place);
      expect(reading.constraints.features).toEqual([feature.replace(/^a /, '')]);
    }
  });

  it.each([
    ['How many countries have a population over 2 million?', 'population', 'min', 2_000_000],
    ['How many countries have a population under 500,000?', 'population', 'max', 500_000],
    ['How many cities have more than 300,000 inhabitants?', 'population', 'min', 300_000],
    ['How many countries have an area below 40,000 km²?', 'area', 'max', 40_000],
    ['How many countries have an inflation rate above 5%?', 'inflation', 'min', 5],
    ['How many tents weigh under 2 kg?', 'weight', 'max', 2],
  ] as const)('a count over a numeric bound: %s', (question, attribute, side, amount) => {
    const reading = readQuestion(question);
    expect(reading.set?.operation).toEqual({ kind: 'count' });
    const bound = reading.constraints.bounds.find((b) => b.attribute === attribute);
    expect(bound?.[side]?.amount).toBe(amount);
  });

  it.each(cross(['average', 'mean', 'total', 'combined'], PLACES))(
    'the %s price of hotels in %s',
    (word, place) => {
      const reading = readQuestion(`What is the ${word} price of hotels in ${place}?`);
      expect(reading.set?.operation).toEqual({
        kind: /average|mean/.test(word) ? 'average' : 'sum',
        attribute: 'price',
      });
      expect(reading.answerType).toBe('money');
      expect(reading.constraints.place).toBe(place);
    },
  );

  it.each(PLACES.flatMap((a) => PLACES.filter((b) => b !== a).map((b) => [a, b] as const)))(
    'a comparison of named things is not a set: %s, %s',
    (a, b) => {
      expect(readQuestion(`Which has the larger population, ${a} or ${b}?`).set).toBeUndefined();
      expect(readQuestion(`Which of ${a} and ${b} is the oldest?`).set).toBeUndefined();
    },
  );
});

describe('constrained listings: every constraint read, with its unit and currency', () => {
  const prices: readonly [string, number, string][] = [
    ['under $300', 300, 'USD'],
    ['below €250', 250, 'EUR'],
    ['for less than 99 dollars', 99, 'USD'],
    ['at most £1,200', 1200, 'GBP'],
    ['up to 180 EUR', 180, 'EUR'],
    ['no more than $75 per night', 75, 'USD'],
    // any sign, code or name the lexicon knows, as search reads it too
    ['under 12000 yen', 12000, 'JPY'],
    ['below 400 zł', 400, 'PLN'],
    ['at most 900 SEK', 900, 'SEK'],
  ];
  it.each(cross(prices, PLACES))('hotels %j in %s', ([words, amount, currency], place) => {
    for (const q of [
      `Hotels in ${place} ${words}`,
      `Find hotels in ${place} ${words}`,
      `List hotels ${words} in ${place}`,
    ]) {
      const reading = readQuestion(q);
      expect([q, reading.shape]).toEqual([q, 'listing']);
      expect(reading.set?.noun).toBe('hotel');
      expect(reading.constraints.price?.max).toEqual({ amount, currency });
      expect(reading.constraints.place).toBe(place);
    }
  });

  it.each(cross(['4', '4.5', '3'], PLACES))('rated at least %s in %s', (rating, place) => {
    for (const q of [
      `Hotels in ${place} rated ${rating} or higher`,
      `Find hotels in ${place} with a rating of at least ${rating}`,
      `Hotels in ${place} with ${rating}+ stars`,
    ]) {
      expect([q, readQuestion(q).constraints.rating?.min]).toEqual([q, Number(rating)]);
    }
  });

  it.each(cross(PEOPLE, ['papers', 'books', 'articles', 'reports']))(
    'the %s author of %s',
    (author, noun) => {
      for (const q of [
        `List the ${noun} by ${author}`,
        `Find ${noun} written by ${author}`,
        `Which ${noun} are by ${author}?`,
      ]) {
        const reading = readQuestion(q);
        expect([q, reading.shape]).toEqual([q, 'listing']);
        expect(reading.constraints.author).toBe(author);
        expect(reading.constraints.place).toBeUndefined();
      }
    },
  );

  it.each(
    cross(['after 2019', 'since 2020', 'before 2001', 'between 2010 and 2015', 'published in 2018'], PEOPLE),
  )('papers %s by %s', (when, author) => {
    const reading = readQuestion(`List papers by ${author} ${when}`);
    const expected: Record<string, { min?: number; max?: number }> = {
      'after 2019': { min: 2020 },
      'since 2020': { min: 2020 },
      'before 2001': { max: 2000 },
      'between 2010 and 2015': { min: 2010, max: 2015 },
      'published in 2018': { min: 2018, max: 2018 },
    };
    expect(reading.constraints.date).toEqual(expected[when]);
    expect(reading.constraints.author).toBe(author);
  });

  it.each(cross(['hiking', 'winter', 'ultralight'], ['tents', 'jackets', 'stoves']))(
    '%s %s: a category before the noun',
    (category, noun) => {
      const reading = readQuestion(`${category} ${noun} under $300 in the Nubo shop`);
      expect(reading.shape).toBe('listing');
      expect(reading.set?.constraints.category).toBe(category);
      expect(reading.constraints.price?.max?.amount).toBe(300);
      expect(reading.constraints.site).toBe('Nubo');
      expect(reading.constraints.place).toBeUndefined();
    },
  );

  it.each(['Stoves', 'Camping Gear', 'Lanterns'])('a named category: %s', (category) => {
    expect(readQuestion(`List products in the ${category} category under $50`).constraints.category).toBe(
      category,
    );
  });

  it.each([
    ['sorted by price', { by: 'price', direction: 'asc' }],
    ['sorted by price, highest first', { by: 'price', direction: 'desc' }],
    ['ranked by rating', { by: 'rating', direction: 'desc' }],
    ['cheapest first', { by: 'price', direction: 'asc' }],
    ['ordered by date', { by: 'date', direction: 'desc' }],
  ] as const)('an order: %s', (words, order) => {
    expect(readQuestion(`Hotels in Tirvane with a pool ${words}`).constraints.order).toEqual(order);
  });

  it.each(cross(['three', 'five', '4', '10'], PLACES))('the number asked: %s hotels in %s', (word, place) => {
    const n = { three: 3, five: 5 }[word] ?? Number(word);
    expect(readQuestion(`List ${word} hotels in ${place} with free parking`).constraints.count).toBe(n);
    expect(readQuestion(`Show the top ${word} hotels in ${place}`).constraints.count).toBe(n);
  });

  it.each(PLACES)('several constraints at once, one of them not price (%s)', (place) => {
    const reading = readQuestion(
      `Hotels in ${place} with free parking and a pool under $220, rated 4 or higher, sorted by price`,
    );
    expect(reading.shape).toBe('listing');
    expect(reading.constraints).toMatchObject({
      place,
      features: ['free parking', 'pool'],
      price: { max: { amount: 220, currency: 'USD' } },
      rating: { min: 4 },
      order: { by: 'price', direction: 'asc' },
    });
  });
});

describe('facts and answer types', () => {
  it.each(
    cross(
      [
        ['What is the population of {E}?', 'population', 'number'],
        ['What is the capital of {E}?', 'capital', 'place'],
        ['When was {E} founded?', 'founded', 'date'],
        ['Which currency is used in {E}?', 'currency', 'name'],
        ['How much does a night at the {E} Inn cost?', 'price', 'money'],
        ['Is {E} larger than Nubo?', undefined, 'boolean'],
        ['Who founded {E}?', undefined, 'person'],
        ['Where is the {E} museum?', 'address', 'place'],
      ] as const,
      PLACES,
    ),
  )('%j about %s', ([template, attribute, answerType], place) => {
    const reading = readQuestion(template.replace('{E}', place));
    expect(reading.shape).toBe('fact');
    expect(reading.attribute).toBe(attribute);
    expect(reading.answerType).toBe(answerType);
    expect(reading.mentions.join(' ')).toContain(place);
  });
});

describe('an address the question names is where to look, not part of what is asked', () => {
  it.each([
    ['On http://127.0.0.1:8080/ what is the capital of Karsland?', 'fact'],
    ['What is the capital of Karsland on https://wiki.example/?', 'fact'],
    ['On http://127.0.0.1:8080/, what is the population of the capital of Karsland?', 'nested'],
    ['On http://127.0.0.1:8080/ which hotel in Tirvane has the highest rating?', 'set'],
  ])('%s', (question, shape) => {
    const read = readQuestion(question);
    expect(read.shape).toBe(shape);
    if (read.chain) expect(read.chain.hops.map((h) => h.template).join(' ')).not.toContain('http');
  });
});
