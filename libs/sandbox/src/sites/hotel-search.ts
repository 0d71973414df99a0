import { markup, type SafeHtml } from '../html.js';
import { renderPage, type SiteChrome } from '../layout.js';
import { hotelPath, hotelSearchPath } from '../paths.js';
import type { DynamicRoute, SandboxPage } from '../types.js';
import type { Hotel } from '../world/hotels.js';
import { errorPage, htmlPage } from './common.js';

export const RESULTS_PER_PAGE = 10;

export interface HotelQuery {
  /** City slug; undefined means any city. */
  readonly city?: string;
  readonly maxPrice?: number;
  readonly parking: boolean;
  readonly page: number;
}

export interface SearchCity {
  readonly name: string;
  readonly slug: string;
}

export type QueryParse =
  | { readonly ok: true; readonly query: HotelQuery }
  | { readonly ok: false; readonly errors: readonly string[] };

/** Reads `city`, `maxPrice`, `parking` and `page` from a query string; anything malformed is an error. */
export function parseHotelQuery(params: URLSearchParams, cities: readonly SearchCity[]): QueryParse {
  const errors: string[] = [];
  const cityText = (params.get('city') ?? '').trim().toLowerCase();
  const city =
    cityText === ''
      ? undefined
      : cities.find((c) => c.slug === cityText || c.name.toLowerCase() === cityText)?.slug;
  if (cityText !== '' && city === undefined) errors.push('Unknown city. Choose one from the list.');
  const priceText = (params.get('maxPrice') ?? '').trim();
  const maxPrice =
    priceText === ''
      ? undefined
      : /^\d{1,6}$/.test(priceText) && Number(priceText) > 0
        ? Number(priceText)
        : NaN;
  if (Number.isNaN(maxPrice))
    errors.push('Maximum price must be a whole number of US dollars greater than zero.');
  const parkingText = params.get('parking') ?? '';
  if (!['', '0', '1', 'on', 'true', 'false'].includes(parkingText))
    errors.push('Free parking must be 1 or left out.');
  const pageText = params.get('page') ?? '1';
  const page = /^\d{1,4}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : NaN;
  if (Number.isNaN(page)) errors.push('Page must be a whole number of 1 or more.');
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, query: { city, maxPrice, parking: ['1', 'on', 'true'].includes(parkingText), page } };
}

/** Hotels matching the filters, cheapest first (ties by name, so paging is stable). */
export function filterHotels(hotels: readonly Hotel[], query: HotelQuery): Hotel[] {
  return hotels
    .filter((h) => query.city === undefined || h.citySlug === query.city)
    .filter((h) => query.maxPrice === undefined || h.pricePerNightUsd <= query.maxPrice)
    .filter((h) => !query.parking || h.freeParking)
    .sort((a, b) => a.pricePerNightUsd - b.pricePerNightUsd || a.name.localeCompare(b.name, 'en'));
}

export function searchForm(cities: readonly SearchCity[], query?: HotelQuery): SafeHtml {
  return markup`<form class="search-form card" action="/search" method="get" role="search">
<label for="city">City</label>
<select id="city" name="city"><option value="">Any city</option>${cities.map(
    (c) =>
      markup`<option value="${c.slug}"${c.slug === query?.city ? markup` selected` : ''}>${c.name}</option>`,
  )}</select>
<label for="maxPrice">Maximum price per night (USD)</label>
<input type="number" id="maxPrice" name="maxPrice" min="1" step="1" value="${query?.maxPrice ?? ''}">
<label><input type="checkbox" name="parking" value="1"${query?.parking ? markup` checked` : ''}> Free parking only</label>
<button type="submit">Search hotels</button>
</form>`;
}

/** GET /search: server-side filtered results, ten per page, with Previous/Next links. */
export function hotelSearchRoute(input: {
  chrome: SiteChrome;
  hotels: readonly Hotel[];
  cities: readonly SearchCity[];
}): DynamicRoute {
  const { chrome, hotels, cities } = input;
  return {
    method: 'GET',
    path: '/search',
    respond: (request) => {
      const parsed = parseHotelQuery(request.url.searchParams, cities);
      if (!parsed.ok) {
        return errorPage(chrome, {
          status: 400,
          title: 'Check your search',
          message: 'Some search filters could not be understood.',
          details: markup`<ul class="errors">${parsed.errors.map((e) => markup`<li>${e}</li>`)}</ul>${searchForm(cities)}`,
        });
      }
      const query = parsed.query;
      const matches = filterHotels(hotels, query);
      const pageCount = Math.max(1, Math.ceil(matches.length / RESULTS_PER_PAGE));
      if (query.page > pageCount) {
        return errorPage(chrome, {
          status: 404,
          title: 'No such results page',
          message: `These filters give ${pageCount} page(s) of results; page ${query.page} does not exist.`,
        });
      }
      return resultsPage({ chrome, cities, query, matches, pageCount });
    },
  };
}

function resultsPage(input: {
  chrome: SiteChrome;
  cities: readonly SearchCity[];
  query: HotelQuery;
  matches: readonly Hotel[];
  pageCount: number;
}): SandboxPage {
  const { query, matches, pageCount } = input;
  const first = (query.page - 1) * RESULTS_PER_PAGE;
  const shown = matches.slice(first, first + RESULTS_PER_PAGE);
  const cityName = input.cities.find((c) => c.slug === query.city)?.name;
  const summary = [
    `${matches.length} ${matches.length === 1 ? 'hotel' : 'hotels'}`,
    cityName ? `in ${cityName}` : 'in all cities',
    query.maxPrice !== undefined ? `at or under $${query.maxPrice} per night` : '',
    query.parking ? 'with free parking' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const pageLink = (page: number): string => hotelSearchPath({ ...query, page });
  const main = markup`<h1>Hotel search results</h1>
${searchForm(input.cities, query)}
<p class="result-summary">${summary}. ${matches.length > 0 ? `Showing ${first + 1}–${first + shown.length}, cheapest first.` : ''}</p>
${
  shown.length === 0
    ? markup`<p class="no-results">No hotels match your filters. Try a higher maximum price, another city, or leave out the free parking filter.</p>`
    : markup`<ol class="results" start="${first + 1}">${shown.map(
        (h) => markup`<li class="card result"><h2><a href="${hotelPath(h.slug)}">${h.name}</a></h2>
<p>${h.city} · ${h.stars}-star · guest rating ${h.rating.toFixed(1)} / 5</p>
<p><span class="price">$${h.pricePerNightUsd}</span> per night · ${h.freeParking ? 'Free parking' : 'No free parking'}${h.pool ? ' · Pool' : ''}${h.wifi ? ' · Free Wi-Fi' : ''}</p></li>`,
      )}</ol>`
}
<nav class="pagination" aria-label="Results pages">
${query.page > 1 && markup`<a rel="prev" href="${pageLink(query.page - 1)}">Previous</a>`}
<span>Page ${query.page} of ${pageCount}</span>
${query.page < pageCount && markup`<a rel="next" href="${pageLink(query.page + 1)}">Next</a>`}
</nav>
<section><h2>Booking tips</h2><p>Prices are per room per night in US dollars and include taxes. Free parking means parking on site at no extra charge; street parking is not counted. Ratings are the average of verified guest reviews.</p></section>`;
  return {
    ...htmlPage(
      '/search',
      renderPage(input.chrome, {
        title: cityName ? `Hotels in ${cityName}` : 'Hotel search',
        description: `${summary}.`,
        main,
        breadcrumbs: [{ href: '/search', label: 'Search' }],
      }),
    ),
    listed: false,
  };
}
