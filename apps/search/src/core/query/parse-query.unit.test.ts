import { EmptyQueryError, parseQuery, QueryTooLongError } from './parse-query.js';

const today = new Date(Date.UTC(2026, 10, 24)); // a Tuesday
const parse = (q: string) => parseQuery(q, { today });

describe('parseQuery', () => {
  it.each(['', '   ', '?!', '\u200b'])('rejects %j as empty with a typed error', (q) => {
    expect(() => parse(q)).toThrow(EmptyQueryError);
  });

  it('rejects a query over 500 characters, and accepts one of exactly 500', () => {
    expect(() => parse('a'.repeat(501))).toThrow(QueryTooLongError);
    expect(parse('a'.repeat(500)).original).toHaveLength(500);
  });

  it('keeps the raw query and reads a hotel search', () => {
    const q = parse('Hotels in Orlando under $200 a night for 2 guests');
    expect(q.original).toBe('Hotels in Orlando under $200 a night for 2 guests');
    expect(q.schemaType).toBe('HotelListing');
    expect(q.language).toBe('en');
    expect(q.filters).toEqual({
      location: 'Orlando',
      price: { max: 200, currency: 'USD', text: 'under $200' },
      counts: { guest: 2 },
    });
  });

  it.each([
    ['between €50 and €80', { min: 50, max: 80, currency: 'EUR' }],
    ['$50-$80', { min: 50, max: 80, currency: 'USD' }],
    ['under 1,200 USD', { max: 1200, currency: 'USD' }],
    ['at least £30', { min: 30, currency: 'GBP' }],
    ['less than 99.50 euros', { max: 99.5, currency: 'EUR' }],
    // the lexicon's signs, codes and names: the ones every service reads
    ['under 30000 yen', { max: 30000, currency: 'JPY' }],
    ['under 150 zł', { max: 150, currency: 'PLN' }],
    ['at most 900 SEK', { max: 900, currency: 'SEK' }],
    ['under ₩50,000', { max: 50000, currency: 'KRW' }],
  ])('reads price bounds from %j', (phrase, expected) => {
    expect(parse(`headphones ${phrase}`).filters.price).toMatchObject(expected);
  });

  it('does not read a bare number as a price', () => {
    expect(parse('top 10 laptops under 2 kg').filters.price).toBeUndefined();
  });

  it.each([
    ['from May 1 to May 5 2027', { from: '2027-05-01', to: '2027-05-05' }],
    ['between 2019 and 2021', { from: '2019-01-01', to: '2021-12-31' }],
    ['since 2020', { from: '2020-01-01' }],
    ['before 2024-03-01', { to: '2024-03-01' }],
    ['in March 2025', { from: '2025-03-01', to: '2025-03-31' }],
    ['tomorrow', { from: '2026-11-25', to: '2026-11-25' }],
    ['this weekend', { from: '2026-11-28', to: '2026-11-29' }],
  ])('reads dates from %j', (phrase, expected) => {
    expect(parse(`events ${phrase}`).filters.dates).toMatchObject(expected);
  });

  it('ignores impossible dates', () => {
    expect(parse('events on 2025-02-30').filters.dates).toBeUndefined();
  });

  it('reads site: operators and keeps them out of the text', () => {
    const q = parse('climate report site:ipcc.ch site:Example.org');
    expect(q.filters.sites).toEqual(['ipcc.ch', 'example.org']);
    expect(q.text).toBe('climate report');
  });

  it('reads a site with a port as that server, and ignores a bare address or word', () => {
    expect(parse('capital site:127.0.0.1:8080 site:localhost:3000').filters.sites).toEqual([
      '127.0.0.1:8080',
      'localhost:3000',
    ]);
    expect(parse('capital site:127.0.0.1 site:wiki').filters.sites).toBeUndefined();
  });

  it.each([
    ['cheapest price to buy a 27 inch monitor', 'ProductListing'],
    ['contact email and phone of the city library', 'ContactListing'],
    ['recent preprints on retrieval augmented generation', 'Paper'],
    ['population of Luxembourg', 'generic'],
  ])('classifies %j as %s', (q, type) => {
    expect(parse(q).schemaType).toBe(type);
  });

  it.each([
    ['hôtels à Paris pour moins de 100 €', 'fr'],
    ['Hotels in Berlin mit Frühstück für zwei', 'de'],
    ['hoteles en Madrid con piscina para la familia', 'es'],
    ['東京のホテル', 'ja'],
    ['гостиницы в Москве', 'ru'],
  ])('detects the language of %j', (q, lang) => {
    expect(parse(q).language).toBe(lang);
  });

  it('reads multi-word places and several counts', () => {
    const q = parse('apartment in New York for two adults and one child for 3 nights');
    expect(q.filters.location).toBe('New York');
    expect(q.filters.counts).toEqual({ adult: 2, child: 1, night: 3 });
  });
});
