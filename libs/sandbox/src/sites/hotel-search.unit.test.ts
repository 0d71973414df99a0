import { describe, expect, it } from '@jest/globals';
import { generateSandbox, siteOf } from '../generate.js';
import { respond } from '../router.js';
import { filterHotels, parseHotelQuery, RESULTS_PER_PAGE } from './hotel-search.js';

const web = generateSandbox();
const site = siteOf(web, 'hotels');
const hotels = web.world.hotels;
const cities = [...new Map(hotels.map((h) => [h.citySlug, { name: h.city, slug: h.citySlug }])).values()];
const firstCity = cities[0] ?? { name: '', slug: '' };

function search(query: string) {
  return respond(site, { method: 'GET', url: new URL(`/search${query}`, 'http://hotels.test') });
}

function resultNames(body: string): string[] {
  return [...body.matchAll(/<li class="card result"><h2><a href="\/hotels\/[^"]+">([^<]+)<\/a>/g)].map(
    (m) => m[1] ?? '',
  );
}

describe('hotel search query', () => {
  it('accepts a city by slug or by name, a maximum price, free parking and a page', () => {
    const params = new URLSearchParams({
      city: firstCity.name.toUpperCase(),
      maxPrice: '150',
      parking: '1',
      page: '2',
    });
    expect(parseHotelQuery(params, cities)).toEqual({
      ok: true,
      query: { city: firstCity.slug, maxPrice: 150, parking: true, page: 2 },
    });
  });

  it('treats empty fields as "any"', () => {
    expect(parseHotelQuery(new URLSearchParams('city=&maxPrice=&page=1'), cities)).toEqual({
      ok: true,
      query: { city: undefined, maxPrice: undefined, parking: false, page: 1 },
    });
  });

  it.each([
    ['city=Atlantis', 'Unknown city'],
    ['maxPrice=cheap', 'Maximum price'],
    ['maxPrice=-5', 'Maximum price'],
    ['parking=maybe', 'Free parking'],
    ['page=0', 'Page'],
  ])('rejects %s', (query, message) => {
    const parsed = parseHotelQuery(new URLSearchParams(query), cities);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.errors.join(' ')).toContain(message);
  });
});

describe('GET /search', () => {
  it('returns only hotels in the chosen city, at or under the price, with free parking, cheapest first', () => {
    const expected = hotels
      .filter((h) => h.citySlug === firstCity.slug && h.pricePerNightUsd <= 200 && h.freeParking)
      .sort((a, b) => a.pricePerNightUsd - b.pricePerNightUsd || a.name.localeCompare(b.name, 'en'));
    const response = search(`?city=${firstCity.slug}&maxPrice=200&parking=1`);
    expect(response.status).toBe(200);
    expect(resultNames(response.body)).toEqual(expected.map((h) => h.name).slice(0, RESULTS_PER_PAGE));
  });

  it('pages results ten at a time with a Next link that keeps the filters', () => {
    const all = filterHotels(hotels, { parking: false, page: 1 });
    const first = search('');
    expect(resultNames(first.body)).toEqual(all.slice(0, 10).map((h) => h.name));
    expect(first.body).toContain('<a rel="next" href="/search?page=2">Next</a>');
    const parked = search('?parking=1');
    const parkedCount = filterHotels(hotels, { parking: true, page: 1 }).length;
    expect(parkedCount).toBeGreaterThan(RESULTS_PER_PAGE);
    expect(parked.body).toContain('<a rel="next" href="/search?parking=1&amp;page=2">Next</a>');
    const last = search(`?page=${Math.ceil(all.length / 10)}`);
    expect(last.body).not.toContain('rel="next"');
    expect(last.body).toContain('rel="prev"');
  });

  it('says so when nothing matches', () => {
    const response = search('?maxPrice=1');
    expect(response.status).toBe(200);
    expect(response.body).toContain('No hotels match your filters');
  });

  it('answers 400 with the reasons for malformed filters', () => {
    const response = search('?maxPrice=%3Cscript%3E');
    expect(response.status).toBe(400);
    expect(response.body).toContain('Maximum price must be a whole number');
    expect(response.body).not.toContain('<script>alert');
  });

  it('answers 404 for a page past the last one', () => {
    expect(search('?page=99').status).toBe(404);
  });
});

describe('hotel pages', () => {
  it('show price per night, rating, amenities and address, with reviews in a JSON island', () => {
    const hotel = hotels[0];
    const page = hotel && site.pages.get(`/hotels/${hotel.slug}`);
    expect(page).toBeDefined();
    const body = page?.body ?? '';
    expect(body).toContain(`<span class="price">$${hotel?.pricePerNightUsd}</span> per night`);
    expect(body).toContain(`Guest rating: ${hotel?.rating.toFixed(1)} / 5`);
    expect(body).toContain(`<li>Free parking: ${hotel?.freeParking ? 'Yes' : 'No'}</li>`);
    expect(body).toContain(hotel?.address);
    expect(body).toContain('<p class="loading">Loading reviews…</p><ol class="review-list"></ol>');
    expect(body).toContain(
      `<script type="application/json" id="reviews-data">${JSON.stringify(hotel?.reviews)}</script>`,
    );
  });

  it('keep /account behind a login wall that still answers 200', () => {
    const account = respond(site, { method: 'GET', url: new URL('http://hotels.test/account') });
    expect(account.status).toBe(200);
    expect(account.body).toContain('<form class="card login-form" action="/login" method="post">');
  });

  it('refuse every sign-in, since the sandbox has no accounts', () => {
    const login = respond(site, {
      method: 'POST',
      url: new URL('http://hotels.test/login'),
      contentType: 'application/x-www-form-urlencoded',
      body: 'email=a%40b.c&password=x',
    });
    expect(login.status).toBe(401);
  });
});
