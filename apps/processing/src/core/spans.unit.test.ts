import { typedSpans } from './spans.js';

const texts = (text: string, type: Parameters<typeof typedSpans>[1], question: string[] = []) =>
  typedSpans(text, type, new Set(question)).map((s) => s.text);

describe('typedSpans', () => {
  it('finds quantities with separators, currency, scale and unit', () => {
    expect(
      texts(
        'It has 1,234,567 people, costs $140 or €1.5 million, covers 45,210 km² and rises 2,914 metres; 45% agree.',
        'number',
      ),
    ).toEqual(['1,234,567', '$140', '€1.5 million', '45,210 km²', '2,914 metres', '45%']);
  });

  it('marks bare years and ratios, and skips numbers the question itself gives', () => {
    const spans = typedSpans(
      'In 2020 it counted 27 people per km² and $140/night, up from 2019.',
      'number',
      new Set(['2019']),
    );
    expect(spans.map((s) => [s.text, s.yearLike, s.rate])).toEqual([
      ['2020', true, false],
      ['27', false, true],
      ['$140', false, true],
    ]);
  });

  it('finds full dates before bare years', () => {
    expect(
      texts('Opened on 3 March 1998, closed March 12, 2004, rebuilt 2010-05-01 and again in 2015.', 'date'),
    ).toEqual(['3 March 1998', 'March 12, 2004', '2010-05-01', '2015']);
  });

  it('finds proper names that are not the question’s own words, without leading stop words', () => {
    expect(
      texts('The Grand Hotel is run by Jane van Dijk in Portavel, Veloria.', 'person', ['veloria']),
    ).toEqual(['Grand Hotel', 'Jane van Dijk', 'Portavel']);
  });

  it('returns verbatim slices with their positions', () => {
    const text = 'Rooms from $140 per night.';
    for (const span of typedSpans(text, 'number', new Set()))
      expect(text.slice(span.start, span.start + span.text.length)).toBe(span.text);
  });

  it("reads a span of years as one date, initials inside a name, and no month or people's adjective as a person", () => {
    expect(texts('The war lasted 1754–1763 in the colonies.', 'date')).toEqual(['1754–1763']);
    expect(texts('He managed the club from 1986 to 2013, winning much.', 'date')).toEqual([
      'from 1986 to 2013',
    ]);
    expect(texts('She served 1969 until 1974 in office.', 'date')).toEqual(['1969 until 1974']);
    expect(texts('It was run by William E. Simon from the start.', 'person')).toEqual(['William E. Simon']);
    expect(texts('In October the Spanish envoy met Anna Berg.', 'person')).toEqual(['Anna Berg']);
    expect(texts('The French settlers reached Quebec.', 'place')).toEqual(['Quebec']);
    expect(texts('', 'person')).toEqual([]);
    expect(texts('Eli Fane (Bengali: ঈনা; born 1959) is a magician.', 'person')).toEqual(['Eli Fane']);
    expect(texts('Two branch campuses are in Overland Park.', 'name')).toEqual(['Overland Park']);
    expect(texts('Their debut album, "Mad Town", was produced by Jo Tune.', 'person')).toEqual(['Jo Tune']);
  });
});
