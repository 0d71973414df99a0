import { parseQuery } from './query/parse-query.js';
import { keywordRewrite, validateRewrite } from './rewrite.js';

const parse = (q: string) => parseQuery(q, { today: new Date(Date.UTC(2026, 0, 1)) });

describe('keywordRewrite', () => {
  it('adds schema keywords the query lacks, keeping its words and site: operators', () => {
    expect(keywordRewrite(parse('hotels in Orlando under $200 site:example.com'))).toBe(
      'hotels in Orlando under $200 booking site:example.com',
    );
    expect(keywordRewrite(parse('contact email of the city library'))).toBe(
      'contact email of the city library official website',
    );
    expect(keywordRewrite(parse('population of Luxembourg'))).toBe('population of Luxembourg');
  });

  it('leaves other languages alone rather than mixing in English words', () => {
    expect(keywordRewrite(parse('hôtels à Paris pour moins de 100 €'))).toBe(
      'hôtels à Paris pour moins de 100 €',
    );
  });
});

describe('validateRewrite', () => {
  const parsed = parse('hotels in Orlando for the family');
  it.each([
    ['', /empty/],
    ['x'.repeat(201), /200/],
    ['line one\nline two', /lines/],
    ['les hôtels pour la famille à Orlando avec une piscine', /in fr/],
  ])('refuses %j', (candidate, why) => {
    const check = validateRewrite(candidate, parsed);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.why).toMatch(why);
  });

  it('accepts a short rewrite in the same language, unquoted, keeping site: filters', () => {
    expect(validateRewrite('"family hotels Orlando with pool"', parsed)).toEqual({
      ok: true,
      query: 'family hotels Orlando with pool',
    });
    expect(validateRewrite('family hotels', parse('hotels for the family site:a.example'))).toEqual({
      ok: true,
      query: 'family hotels site:a.example',
    });
  });
});
