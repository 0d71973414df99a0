import { describe, expect, it } from '@jest/globals';
import { sandboxFacts, type CityFact, type CountryFact } from '../facts.js';
import { groupDigits } from '../format.js';
import { generateSandbox, siteOf } from '../generate.js';
import { INFOBOX_ISLAND_ID, type InfoboxIsland } from './wiki-articles.js';

const web = generateSandbox();
const wiki = siteOf(web, 'wiki');
const facts = sandboxFacts(web);
const countries = facts.filter((f): f is CountryFact => f.kind === 'country');
const cities = facts.filter((f): f is CityFact => f.kind === 'city');

function article(path: string): string {
  const page = wiki.pages.get(path);
  if (!page) throw new Error(`no wiki page at ${path}`);
  return page.body;
}

function island(body: string): InfoboxIsland {
  const match = new RegExp(`<script type="application/json" id="${INFOBOX_ISLAND_ID}">(.*?)</script>`).exec(
    body,
  );
  if (!match?.[1]) throw new Error('no infobox data island');
  return JSON.parse(match[1]) as InfoboxIsland;
}

function staticInfobox(body: string): string {
  return /<table class="infobox">[\s\S]*?<\/table>/.exec(body)?.[0] ?? '';
}

function leadParagraph(body: string): string {
  return /<\/table>\s*<p>([\s\S]*?)<\/p>/.exec(body)?.[1] ?? '';
}

describe('Sandpedia articles', () => {
  it('exist for every country and city fact, at the fact path', () => {
    for (const fact of [...countries, ...cities]) expect(wiki.pages.has(fact.path)).toBe(true);
  });

  it('carry the population and GDP in the JSON island exactly as sandboxFacts states them', () => {
    for (const country of countries) {
      expect(island(article(country.path))).toEqual({
        name: country.name,
        population: country.population,
        censusYear: 2023,
        gdpUsd: country.gdpUsd,
      });
    }
    for (const city of cities) {
      expect(island(article(city.path))).toEqual({
        name: city.name,
        population: city.population,
        censusYear: 2023,
      });
    }
  });

  it('leave the population and GDP rows out of the static infobox (a script fills them in)', () => {
    for (const country of countries) {
      const table = staticInfobox(article(country.path));
      expect(table).toContain('<tr data-slot="population" hidden></tr>');
      expect(table).not.toContain('Population');
      expect(table).not.toContain(groupDigits(country.population));
      expect(table).not.toContain('GDP');
    }
  });

  it('state capital, area, currency and founding year in the static infobox', () => {
    for (const country of countries) {
      const table = staticInfobox(article(country.path));
      expect(table).toContain(`<a href="/wiki/${country.capital.replace(/ /g, '_')}">${country.capital}</a>`);
      expect(table).toContain(`<th scope="row">Area (km²)</th><td>${groupDigits(country.areaKm2)}</td>`);
      expect(table).toContain(`${country.currency} (${country.currencyCode})`);
      expect(table).toContain(`<th scope="row">Founded</th><td>${country.founded}</td>`);
    }
  });

  it('state the capital and the census population in the static lead paragraph', () => {
    for (const country of countries) {
      const lead = leadParagraph(article(country.path));
      expect(lead).toContain(
        `${country.name} has a population of ${groupDigits(country.population)} people as of the 2023 census.`,
      );
      expect(lead).toContain(
        `Its capital and largest city is <a href="/wiki/${country.capital.replace(/ /g, '_')}">${country.capital}</a>.`,
      );
    }
  });

  it('structure each country article with Geography, History, Economy and Demographics sections', () => {
    const body = article(countries[0]?.path ?? '');
    expect(body.match(/<h1>/g)).toHaveLength(1);
    for (const section of ['Geography', 'History', 'Economy', 'Demographics'])
      expect(body).toContain(`<h2 id="${section}">${section}</h2>`);
    expect(body).toMatch(/<h3 id="Founding">/);
  });

  it('rank countries by population, most populous first, on the list page', () => {
    const body = article('/wiki/List_of_countries_by_population');
    const ranked = [
      ...body.matchAll(/<tr><td>\d+<\/td><td><a href="[^"]+">([^<]+)<\/a><\/td><td>([\d,]+)<\/td>/g),
    ].map((m) => [m[1], m[2]]);
    const expected = [...countries]
      .sort((a, b) => b.population - a.population)
      .map((c) => [c.name, groupDigits(c.population)]);
    expect(ranked).toEqual(expected);
  });
});
