import {
  generateSandbox,
  sandboxFacts,
  siteOf,
  type CityFact,
  type CountryFact,
  type HotelFact,
  type SandboxWeb,
} from '@forage/sandbox';
import { numbersIn } from '@forage/lexicon';
import { chunkWith, claimOn, nextId, type EvalCase, type EvidenceBench, type StoredPage } from './bench.js';
import { changedAmount, formatAmount } from './perturb.js';

const ORIGIN = {
  wiki: 'http://wiki.sandbox.invalid',
  hotels: 'http://hotels.sandbox.invalid',
  shop: 'http://shop.sandbox.invalid',
} as const;

function pageOf(
  bench: EvidenceBench,
  web: SandboxWeb,
  site: keyof typeof ORIGIN,
  path: string,
): StoredPage | undefined {
  const body = siteOf(web, site).pages.get(path)?.body;
  return body === undefined ? undefined : bench.page(`${ORIGIN[site]}${path}`, body);
}

/**
 * The sandbox web: country and city facts on the encyclopedia (population, capital, area, and the
 * population of a country's capital as a two-hop chain), hotel prices under a bound; perturbations
 * of every kind the data allows.
 */
export function sandboxCases(bench: EvidenceBench, seed?: number): EvalCase[] {
  const web = generateSandbox(seed === undefined ? undefined : { seed });
  const facts = sandboxFacts(web);
  const countries = facts.filter((f): f is CountryFact => f.kind === 'country');
  const cities = facts.filter((f): f is CityFact => f.kind === 'city');
  const hotels = facts.filter((f): f is HotelFact => f.kind === 'hotel');
  return [...countryCases(bench, web, countries, cities), ...hotelCases(bench, web, hotels)];
}

function numberClaim(input: {
  page: StoredPage;
  amount: number;
  subject: string;
  attribute: string;
  unit?: string;
}) {
  const found = chunkWith(input.page, formatAmount(input.amount), input.amount);
  if (!found) return undefined;
  return claimOn({
    page: input.page,
    chunk: found.chunk,
    text: found.quoted,
    statement: {
      subject: { asked: input.subject },
      attribute: { id: input.attribute },
      value: { type: 'number', amount: input.amount, ...(input.unit ? { unit: input.unit } : {}) },
    },
  });
}

function countryCases(
  bench: EvidenceBench,
  web: SandboxWeb,
  countries: readonly CountryFact[],
  cities: readonly CityFact[],
): EvalCase[] {
  const cases: EvalCase[] = [];
  const dataset = 'sandbox';
  countries.forEach((country, i) => {
    const page = pageOf(bench, web, 'wiki', country.path);
    const other = countries[(i + 1) % countries.length];
    const otherPage = other ? pageOf(bench, web, 'wiki', other.path) : undefined;
    if (!page) return;
    const population = numberClaim({
      page,
      amount: country.population,
      subject: country.name,
      attribute: 'population',
    });
    const area = numberClaim({
      page,
      amount: country.areaKm2,
      subject: country.name,
      attribute: 'area',
      unit: 'km²',
    });
    const capitalAt = chunkWith(page, country.capital);
    const capital = capitalAt
      ? claimOn({
          page,
          chunk: capitalAt.chunk,
          text: country.capital,
          statement: {
            subject: { asked: country.name },
            attribute: { id: 'capital' },
            value: { type: 'name', text: country.capital },
          },
        })
      : undefined;
    for (const claim of [population, area, capital]) if (claim) cases.push({ kind: 'true', dataset, claim });
    if (population) {
      const changed = changedAmount(country.population);
      cases.push({
        kind: 'number_changed',
        dataset,
        claim: {
          ...population,
          claimId: nextId('n'),
          text: formatAmount(changed),
          value: { type: 'number', amount: changed },
        },
      });
      if (other)
        cases.push({
          kind: 'other_page',
          dataset,
          claim: {
            ...population,
            claimId: nextId('p'),
            scope: { kind: 'page', urls: [`${ORIGIN.wiki}${other.path}`] },
          },
        });
    }
    if (area) {
      cases.push({
        kind: 'unit_or_currency_changed',
        dataset,
        claim: {
          ...area,
          claimId: nextId('u'),
          value: { type: 'number', amount: country.areaKm2, unit: 'mi²' },
        },
      });
      cases.push({
        kind: 'other_attribute',
        dataset,
        claim: {
          ...area,
          claimId: nextId('a'),
          attribute: { id: 'population' },
          value: { type: 'number', amount: country.areaKm2 },
        },
      });
    }
    if (other && otherPage) {
      const theirs = numberClaim({
        page: otherPage,
        amount: other.population,
        subject: country.name,
        attribute: 'population',
      });
      if (theirs) cases.push({ kind: 'other_entity', dataset, claim: theirs });
    }
    const city = cities.find((c) => c.name === country.capital && c.isCapital);
    const cityPage = city ? pageOf(bench, web, 'wiki', city.path) : undefined;
    if (city && cityPage && capital) {
      const chain = `capital-of-${country.name}`;
      const hop1 = { ...capital, claimId: nextId('h'), hop: { chain, index: 1, of: 2 } };
      const hop2 = numberClaim({
        page: cityPage,
        amount: city.population,
        subject: city.name,
        attribute: 'population',
      });
      if (hop2)
        cases.push({
          kind: 'true',
          dataset,
          claim: { ...hop2, hop: { chain, index: 2, of: 2 } },
          with: [hop1],
        });
      // the first hop's entity's value released as the answer about the capital
      if (population)
        cases.push({
          kind: 'first_hop',
          dataset,
          claim: {
            ...population,
            claimId: nextId('f'),
            subject: { asked: city.name },
            hop: { chain: `${chain}-wrong`, index: 2, of: 2 },
          },
          with: [{ ...hop1, claimId: nextId('h'), hop: { chain: `${chain}-wrong`, index: 1, of: 2 } }],
        });
      cases.push({
        kind: 'first_hop',
        dataset,
        claim: { ...hop1, claimId: nextId('h'), hop: { chain: `${chain}-alone`, index: 1, of: 2 } },
      });
    }
  });
  return cases;
}

/** Hotel prices claimed under a bound (the median price): true under it, `constraint_broken` over it; and another hotel's card. */
function hotelCases(bench: EvidenceBench, web: SandboxWeb, hotels: readonly HotelFact[]): EvalCase[] {
  const cases: EvalCase[] = [];
  const dataset = 'sandbox';
  const prices = hotels.map((h) => h.pricePerNightUsd).sort((a, b) => a - b);
  const bound = prices[Math.floor(prices.length / 2)] ?? 0;
  for (const hotel of hotels) {
    const page = pageOf(bench, web, 'hotels', hotel.path);
    if (!page) continue;
    const found = chunkWith(page, `$${String(hotel.pricePerNightUsd)}`, hotel.pricePerNightUsd);
    if (!found) continue;
    const mention = numbersIn(found.quoted)[0];
    const claim = claimOn({
      page,
      chunk: found.chunk,
      text: mention?.raw ?? found.quoted,
      statement: {
        kind: 'listing_field',
        field: 'price',
        constraint: { kind: 'max', attribute: 'price', bound, currency: 'USD', item: hotel.name },
      },
    });
    cases.push({ kind: hotel.pricePerNightUsd <= bound ? 'true' : 'constraint_broken', dataset, claim });
  }
  // a listing page's cards: one hotel's price claimed for its neighbour
  for (const [path, sandboxPage] of siteOf(web, 'hotels').pages) {
    const listed = hotels.filter((h) => sandboxPage.body.includes(h.name));
    if (listed.length < 3) continue;
    const page = bench.page(`${ORIGIN.hotels}${path}`, sandboxPage.body);
    for (let i = 0; i + 1 < listed.length && i < 6; i += 1) {
      const asked = listed[i];
      const neighbour = listed[i + 1];
      if (!asked || !neighbour || asked.pricePerNightUsd === neighbour.pricePerNightUsd) continue;
      // the chunk stating the neighbour's price (no other listed hotel has it)
      const price = `$${String(neighbour.pricePerNightUsd)}`;
      if (listed.some((h) => h !== neighbour && h.pricePerNightUsd === neighbour.pricePerNightUsd)) continue;
      const found = page.chunks.find((c) => c.text.includes(price) && !c.text.includes(asked.name));
      if (!found) continue;
      cases.push({
        kind: 'other_entity',
        dataset,
        claim: claimOn({
          page,
          chunk: found,
          text: `$${String(neighbour.pricePerNightUsd)}`,
          statement: {
            subject: { asked: asked.name },
            attribute: { id: 'price' },
            value: { type: 'money', amount: neighbour.pricePerNightUsd, currency: 'USD' },
          },
        }),
      });
    }
    break;
  }
  return cases;
}
