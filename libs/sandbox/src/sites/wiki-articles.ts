import { groupDigits } from '../format.js';
import { markup, inlineScript, jsonIsland, type SafeHtml } from '../html.js';
import { renderPage, type SiteChrome } from '../layout.js';
import { wikiPath } from '../paths.js';
import { forkRandom, type Random } from '../random.js';
import type { SandboxPage } from '../types.js';
import { CENSUS_YEAR, type City, type Country, type Geography } from '../world/geography.js';
import { economicIndicators } from '../world/economy.js';
import { htmlPage } from './common.js';

/** What the infobox script reads: rendered only in a browser, never in the static HTML table. */
export interface InfoboxIsland {
  readonly name: string;
  readonly population: number;
  readonly censusYear: number;
  readonly gdpUsd?: number;
}

export const INFOBOX_ISLAND_ID = 'infobox-data';
export const ECONOMY_ISLAND_ID = 'economy-data';

/**
 * The collapsed "economic indicators" panel: its text is created only when a reader clicks the
 * button (a listener, not a link or form), so neither plain fetching nor a first render sees it.
 */
const ECONOMY_SCRIPT = `(function () {
  var island = document.getElementById('${ECONOMY_ISLAND_ID}');
  var button = document.querySelector('#economy-indicators button');
  var body = document.getElementById('economy-indicators-body');
  if (!island || !button || !body) return;
  var data = JSON.parse(island.textContent);
  var fmt = function (n) { return Number(n).toLocaleString('en-US'); };
  button.addEventListener('click', function () {
    if (button.getAttribute('aria-expanded') === 'true') return;
    button.setAttribute('aria-expanded', 'true');
    button.textContent = 'Economic indicators';
    var p = document.createElement('p');
    p.textContent = 'The GDP per capita of ' + data.name + ' was $' + fmt(data.gdpPerCapitaUsd) + ' in ' + data.year +
      '. Unemployment stood at ' + data.unemploymentPct + '% and consumer prices rose by ' + data.inflationPct + '% that year.';
    body.appendChild(p);
    body.hidden = false;
  });
})();`;

/**
 * Fills the empty `data-slot` rows of the infobox from the JSON island. Plain HTTP fetching sees
 * empty rows; a browser sees "Population" and "GDP (USD)".
 */
const INFOBOX_SCRIPT = `(function () {
  var island = document.getElementById('${INFOBOX_ISLAND_ID}');
  if (!island) return;
  var data = JSON.parse(island.textContent);
  var fmt = function (n) { return Number(n).toLocaleString('en-US'); };
  function fill(slot, label, value) {
    var row = document.querySelector('table.infobox tr[data-slot="' + slot + '"]');
    if (!row) return;
    var th = document.createElement('th'); th.scope = 'row'; th.textContent = label;
    var td = document.createElement('td'); td.textContent = value;
    row.appendChild(th); row.appendChild(td); row.hidden = false;
  }
  fill('population', 'Population', fmt(data.population) + ' (' + data.censusYear + ' census)');
  if (typeof data.gdpUsd === 'number') fill('gdp', 'GDP (USD)', '$' + fmt(data.gdpUsd));
})();`;

const link = (title: string, label = title): SafeHtml => markup`<a href="${wikiPath(title)}">${label}</a>`;

/** "the Goucis Highlands" → "Goucis Highlands" (for titles and labels). */
export function regionName(region: string): string {
  return region.replace(/^the /, '');
}

export function regionTitle(region: string): string {
  return `Category:${regionName(region)}`;
}

interface ArticleContext {
  readonly chrome: SiteChrome;
  readonly geography: Geography;
  readonly seed: number;
}

export function countryArticle(ctx: ArticleContext, country: Country): SandboxPage {
  const random = forkRandom(ctx.seed, `wiki:${country.slug}`);
  const cities = country.cities
    .map((n) => ctx.geography.cities.find((c) => c.name === n))
    .filter((c): c is City => c !== undefined);
  const island: InfoboxIsland = {
    name: country.name,
    population: country.population,
    censusYear: CENSUS_YEAR,
    gdpUsd: country.gdpUsd,
  };
  const infobox = markup`<table class="infobox">
<caption>${country.name}</caption>
<tbody>
<tr><th scope="row">Capital</th><td>${link(country.capital)}</td></tr>
<tr data-slot="population" hidden></tr>
<tr><th scope="row">Area (km²)</th><td>${groupDigits(country.areaKm2)}</td></tr>
<tr><th scope="row">Currency</th><td>${country.currency.name} (${country.currency.code})</td></tr>
<tr data-slot="gdp" hidden></tr>
<tr><th scope="row">Founded</th><td>${country.founded}</td></tr>
<tr><th scope="row">Government</th><td>${capitalizeFirst(country.government)}</td></tr>
<tr><th scope="row">Official language</th><td>${country.language}</td></tr>
<tr><th scope="row">Region</th><td>${link(regionTitle(country.region), regionName(country.region))}</td></tr>
</tbody>
</table>`;
  const neighbours = country.neighbours;
  const main = markup`<article>
<h1>${country.name}</h1>
<p class="hatnote">This article is about the country. For its people, see ${country.demonym} people.</p>
${infobox}
<p><b>${country.name}</b> is a ${country.government} in ${country.region}. Its capital and largest city is ${link(country.capital)}. ${country.name} has a population of ${groupDigits(country.population)} people as of the ${CENSUS_YEAR} census.</p>
<p>The country covers an area of ${groupDigits(country.areaKm2)} km², and its currency is the ${country.currency.name} (${country.currency.code}). ${random.pick(
    [
      `${country.name} was founded in ${country.founded}`,
      `The ${country.demonym} state dates its founding to ${country.founded}`,
    ],
  )}, and ${country.language} is its official language.</p>
<h2 id="Geography">Geography</h2>
<p>${country.name} borders ${joinLinks(neighbours)}. ${random.pick([
    `The ${country.river} river crosses the country from the uplands to the sea`,
    `Most towns grew up along the ${country.river} river and its tributaries`,
  ])}. The highest point is ${country.highestPeak.name}, at ${groupDigits(country.highestPeak.elevationM)} metres above sea level.</p>
<h3 id="Climate">Climate</h3>
<p>${random.pick(CLIMATES)} Rainfall is heaviest in ${random.pick(MONTHS)}, when the ${country.river} valley is prone to flooding.</p>
<h2 id="History">History</h2>
<h3 id="Founding">Founding</h3>
<p>${country.name} emerged in ${country.founded} when ${random.pick(FOUNDINGS)}. The settlement that became ${link(country.capital)} was already an important market on the ${country.river}.</p>
<h3 id="Modern_era">Modern era</h3>
<p>${random.pick(MODERN_ERAS)} Today ${country.name} is a ${country.government} and a member of the ${regionName(country.region)} Council.</p>
<h2 id="Economy">Economy</h2>
<p>The ${country.demonym} economy relies on ${listInWords(country.mainExports)}. ${random.pick(ECONOMY_NOTES)} Prices are quoted in the ${country.currency.name}, which is issued by the National Bank of ${country.name}.</p>
<div class="collapsible" id="economy-indicators"><button type="button" aria-expanded="false" aria-controls="economy-indicators-body">Show economic indicators</button><div id="economy-indicators-body" hidden></div></div>
<h2 id="Demographics">Demographics</h2>
<p>At the ${CENSUS_YEAR} census the country counted ${groupDigits(country.population)} inhabitants, giving a density of about ${Math.round(country.population / country.areaKm2)} people per km². Most people speak ${country.language}; citizens are called ${country.demonym}s.</p>
<table class="wikitable"><caption>Largest cities of ${country.name}</caption>
<thead><tr><th>City</th><th>Population (${CENSUS_YEAR})</th><th>Status</th></tr></thead>
<tbody>${cities.map((c) => markup`<tr><td>${link(c.name)}</td><td>${groupDigits(c.population)}</td><td>${c.isCapital ? 'Capital' : 'City'}</td></tr>`)}</tbody></table>
<h2 id="See_also">See also</h2>
<ul>${neighbours.map((n) => markup`<li>${link(n)}</li>`)}<li>${link('List of countries by population')}</li><li>${link(regionTitle(country.region), `Countries of ${country.region}`)}</li></ul>
${references(country.name)}
</article>`;
  return htmlPage(
    wikiPath(country.name),
    renderPage(ctx.chrome, {
      title: country.name,
      description: `${country.name} is a ${country.government} in ${country.region} with its capital at ${country.capital}.`,
      main,
      breadcrumbs: [
        { href: wikiPath('List of countries'), label: 'Countries' },
        { href: wikiPath(country.name), label: country.name },
      ],
      sidebar: sidebar({ random, geography: ctx.geography, near: [...neighbours, country.capital] }),
      scripts: markup`${jsonIsland(INFOBOX_ISLAND_ID, island)}${inlineScript(INFOBOX_SCRIPT)}${jsonIsland(
        ECONOMY_ISLAND_ID,
        {
          name: country.name,
          year: CENSUS_YEAR,
          ...economicIndicators(country, ctx.seed),
        },
      )}${inlineScript(ECONOMY_SCRIPT)}`,
    }),
  );
}

export function cityArticle(ctx: ArticleContext, city: City): SandboxPage {
  const random = forkRandom(ctx.seed, `wiki:city:${city.slug}`);
  const country = ctx.geography.countries.find((c) => c.name === city.country);
  const siblings = (country?.cities ?? []).filter((n) => n !== city.name);
  const island: InfoboxIsland = { name: city.name, population: city.population, censusYear: CENSUS_YEAR };
  const role = city.isCapital
    ? markup`the capital and largest city of ${link(city.country)}`
    : markup`a city in ${link(city.country)}`;
  const main = markup`<article>
<h1>${city.name}</h1>
<table class="infobox">
<caption>${city.name}</caption>
<tbody>
<tr><th scope="row">Country</th><td>${link(city.country)}</td></tr>
<tr data-slot="population" hidden></tr>
<tr><th scope="row">Founded</th><td>${city.founded}</td></tr>
<tr><th scope="row">Elevation</th><td>${city.elevationM} m</td></tr>
<tr><th scope="row">Status</th><td>${city.isCapital ? 'National capital' : 'City'}</td></tr>
</tbody>
</table>
<p><b>${city.name}</b> is ${role}. ${city.name} has a population of ${groupDigits(city.population)} people as of the ${CENSUS_YEAR} census.</p>
<p>The city was founded in ${city.founded} and lies ${city.elevationM} metres above sea level. It is best known for its ${city.landmark} and for ${city.industry}.</p>
<h2 id="Geography">Geography</h2>
<p>${random.pick(CITY_SETTINGS)} ${siblings.length > 0 ? markup`Other cities of ${city.country} include ${joinLinks(siblings)}.` : markup`It is the only city of ${city.country} described in this encyclopedia.`}</p>
<h2 id="History">History</h2>
<p>${city.name} began as ${random.pick(['a river crossing', 'a fishing village', 'a monastery town', 'a fortified market', 'a mining camp'])} in ${city.founded}. ${random.pick(CITY_HISTORIES)}</p>
<h2 id="Economy">Economy</h2>
<p>The local economy is led by ${city.industry}. ${random.pick(ECONOMY_NOTES)}</p>
<h2 id="Demographics">Demographics</h2>
<p>The ${CENSUS_YEAR} census recorded ${groupDigits(city.population)} residents in ${city.name}${country ? markup`, about ${percentOf(city.population, country.population)} of the population of ${city.country}` : ''}.</p>
<h2 id="Landmarks">Landmarks</h2>
<p>Visitors come for the ${city.landmark}, the riverside promenade and the weekly market. ${random.pick(['The old town is a protected heritage area.', 'Several museums are free on the first Sunday of each month.', 'A funicular climbs to a viewpoint above the centre.'])}</p>
<h2 id="See_also">See also</h2>
<ul><li>${link(city.country)}</li><li>${link('List of cities')}</li></ul>
${references(city.name)}
</article>`;
  return htmlPage(
    wikiPath(city.name),
    renderPage(ctx.chrome, {
      title: city.name,
      description: `${city.name} is ${city.isCapital ? 'the capital' : 'a city'} of ${city.country}, founded in ${city.founded}.`,
      main,
      breadcrumbs: [
        { href: wikiPath('List of cities'), label: 'Cities' },
        { href: wikiPath(city.name), label: city.name },
      ],
      sidebar: sidebar({ random, geography: ctx.geography, near: [city.country, ...siblings] }),
      scripts: markup`${jsonIsland(INFOBOX_ISLAND_ID, island)}${inlineScript(INFOBOX_SCRIPT)}`,
    }),
  );
}

function sidebar(input: { random: Random; geography: Geography; near: readonly string[] }): SafeHtml {
  const others = input.random.sample(input.geography.countries, 4).map((c) => c.name);
  return markup`<section><h2>Related articles</h2><ul>${input.near.map((n) => markup`<li>${link(n)}</li>`)}</ul></section>
<section><h2>Explore</h2><ul>${others.map((n) => markup`<li>${link(n)}</li>`)}<li><a href="${wikiPath('List of countries by population')}">Countries by population</a></li></ul></section>
<section><h2>Tools</h2><ul><li><a href="/about">About Sandpedia</a></li><li><a href="/privacy">Privacy</a></li></ul></section>`;
}

function references(subject: string): SafeHtml {
  return markup`<h2 id="References">References</h2><ol class="references">
<li>Sandbox Statistical Office (${CENSUS_YEAR}). <i>Census of population and housing: ${subject}</i>. Official release.</li>
<li>Imaginary Geographic Society (2019). <i>Atlas of invented places</i>, 3rd edition, pp. 112–130.</li>
<li>Archive of the Sandpedia editors (2024). Notes on ${subject}.</li>
</ol>`;
}

function joinLinks(titles: readonly string[]): SafeHtml {
  if (titles.length === 0) return markup`no other country`;
  const links = titles.map((t) => link(t));
  if (links.length === 1) return links[0] ?? markup``;
  return markup`${links.slice(0, -1).map((l, i) => markup`${i > 0 ? ', ' : ''}${l}`)} and ${links[links.length - 1]}`;
}

function listInWords(items: readonly string[]): string {
  return items.length <= 1
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

function percentOf(part: number, whole: number): string {
  return `${Math.round((part / whole) * 1000) / 10}%`;
}

function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const MONTHS = ['March', 'April', 'October', 'November', 'January'];
const CLIMATES = [
  'The climate is temperate, with mild summers and cool, wet winters.',
  'Coastal areas have a maritime climate, while the interior is drier and has colder winters.',
  'Summers are long and warm; snow is common in the uplands from December to February.',
];
const FOUNDINGS = [
  'several river towns agreed to share a single council and a common coin',
  'a duke of the lowlands united the valley provinces by marriage and treaty',
  'merchant guilds bought their independence from a declining empire',
  'settlers from the coast founded a trading league that slowly became a state',
];
const MODERN_ERAS = [
  'A written constitution was adopted in the nineteenth century and revised after a long period of reform.',
  'The twentieth century brought railways, universal schooling and a rapid move from farms to towns.',
  'After decades of slow growth, the country opened its ports to foreign trade and modernised its industry.',
];
const ECONOMY_NOTES = [
  'Services account for most employment, and tourism has grown steadily since the 1990s.',
  'Manufacturing remains important, though most new jobs are now in services.',
  'Agriculture still employs many people in the countryside, while the cities depend on trade.',
];
const CITY_SETTINGS = [
  'The city sits on a wide bend of a river, with its old town on the northern bank.',
  'It is built on a series of low hills overlooking a sheltered bay.',
  'The city spreads across a fertile plain at the meeting of two valleys.',
];
const CITY_HISTORIES = [
  'It received a town charter in the Middle Ages and grew rich on river trade.',
  'Much of the centre was rebuilt after a great fire, giving it broad streets and stone houses.',
  'The arrival of the railway turned it into a regional hub.',
];
