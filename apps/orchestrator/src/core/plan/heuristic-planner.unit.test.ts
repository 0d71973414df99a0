import { planHeuristically } from './heuristic-planner.js';

const plan = (question: string, urls?: string[]) =>
  planHeuristically({ question, ...(urls ? { urls } : {}) });

describe('heuristic planner', () => {
  it('plans a plain fact question as one part with its entity and attribute', () => {
    const p = plan('What is the population of Sobrica?');
    expect(p.kind).toBe('fact');
    expect(p.parts).toEqual([
      expect.objectContaining({ entity: 'Sobrica', attribute: 'population', query: 'population Sobrica' }),
    ]);
  });

  it('maps a question in other words to the same attribute (synonyms and units)', () => {
    expect(plan('How large is the area of Qora in square kilometres?').parts[0]?.attribute).toBe('area');
    expect(plan('What is the inflation rate in Kemonia?').parts[0]?.attribute).toBe('inflation');
    expect(plan('How many people live in Gairby?').parts[0]?.attribute).toBe('population');
  });

  it('decomposes a comparison into one part per entity and a compare step', () => {
    const p = plan('Which has the larger population, Sobrica or Kemonia?');
    expect(p.kind).toBe('multi');
    expect(p.combine).toEqual({ kind: 'compare', pick: 'max' });
    expect(p.parts.map((x) => [x.entity, x.attribute])).toEqual([
      ['Sobrica', 'population'],
      ['Kemonia', 'population'],
    ]);
  });

  it('asks who is older by birth dates and what is older by founding dates', () => {
    const who = plan('Who is older, Annie Morton or Terry Richardson?');
    expect(who.combine).toEqual({ kind: 'compare', pick: 'min' });
    expect(who.parts.map((x) => [x.entity, x.attribute, x.question])).toEqual([
      ['Annie Morton', 'born', 'When was Annie Morton born?'],
      ['Terry Richardson', 'born', 'When was Terry Richardson born?'],
    ]);
    expect(plan('Who is younger, Ada Lovelace or Mary Shelley?').combine).toEqual({
      kind: 'compare',
      pick: 'max',
    });
    expect(plan('Which is older, Alpha or Beta?').parts[0]?.attribute).toBe('founded');
  });

  it('plans "Is A more … than B?" as a comparison answered yes or no about A', () => {
    const p = plan('Is Qora more populous than Kemonia?');
    expect(p.combine).toEqual({ kind: 'compare', pick: 'max', asks: 'Qora' });
    expect(p.parts.map((x) => [x.entity, x.attribute])).toEqual([
      ['Qora', 'population'],
      ['Kemonia', 'population'],
    ]);
    const city = plan('Is New York a bigger city than Boston?');
    expect(city.parts.map((x) => x.entity)).toEqual(['New York', 'Boston']);
    expect(plan('Was Alpha founded earlier than Beta?').combine).toEqual({
      kind: 'compare',
      pick: 'min',
      asks: 'Alpha',
    });
    expect(plan('Is Qora a country?').combine.kind).not.toBe('compare');
  });

  it('tells how many people a place seats from how many people live there', () => {
    expect(plan('How many people can the Royal Albert Hall seat?').parts[0]?.attribute).toBe('capacity');
    expect(plan('The arena in Lewiston can seat how many people?').parts[0]?.attribute).toBe('capacity');
    expect(plan('How many people live in Gairby?').parts[0]?.attribute).toBe('population');
  });

  it('reads comparatives that carry their attribute and lists after "which of"', () => {
    const older = plan('Which of Alpha, Beta and Gamma was founded earliest?');
    expect(older.combine).toEqual({ kind: 'compare', pick: 'min' });
    expect(older.parts.map((x) => x.entity)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(older.parts[0]?.attribute).toBe('founded');
    expect(plan('Which country is smaller: Qora or Kemonia?').parts[0]?.attribute).toBe('area');
  });

  it('decomposes a multi-entity question and a multi-part question', () => {
    const many = plan('What are the populations of Sobrica, Qora and Kemonia?');
    expect(many.kind).toBe('multi');
    expect(many.parts.map((x) => x.entity)).toEqual(['Sobrica', 'Qora', 'Kemonia']);
    expect(many.parts.every((x) => x.attribute === 'population')).toBe(true);
    const twoQuestions = plan('What is the capital of Sobrica and what is its currency?');
    expect(twoQuestions.parts.map((x) => [x.entity, x.attribute])).toEqual([
      ['Sobrica', 'capital'],
      ['Sobrica', 'currency'],
    ]);
  });

  it('plans listings with place, features, price limit and ranking', () => {
    const p = plan('Hotels in Leavomford with free parking under $200');
    expect(p.kind).toBe('listing');
    expect(p.listing).toEqual({
      noun: 'hotels',
      place: 'Leavomford',
      maxPrice: 200,
      features: ['free parking'],
    });
    const cheapest = plan('What is the cheapest hotel in Besby?');
    expect(cheapest.listing).toMatchObject({
      noun: 'hotel',
      place: 'Besby',
      rank: { by: 'price', order: 'asc' },
      limit: 1,
    });
  });

  it('plans a task with the values the user gave and submits only when asked', () => {
    const p = plan(
      'Send the contact form with name "Ada Lovelace", email ada@example.org and message "Hello there"',
    );
    expect(p.kind).toBe('task');
    expect(p.task).toEqual({
      verb: 'send',
      submit: true,
      fields: [
        { label: 'name', value: 'Ada Lovelace' },
        { label: 'email', value: 'ada@example.org' },
        { label: 'message', value: 'Hello there' },
      ],
    });
    expect(plan('Fill in the form with name "Ada"').task?.submit).toBe(false);
  });

  it("plans exploration of a named site and reads the user's URLs first", () => {
    const p = plan('On https://example.org/docs what is the release date of version 2?');
    expect(p.kind).toBe('explore');
    expect(p.site).toBe('https://example.org');
    expect(p.startUrls).toEqual(['https://example.org/docs']);
    const given = plan('What is the population of Sobrica?', ['http://wiki.test/wiki/Sobrica']);
    expect(given.startUrls).toEqual(['http://wiki.test/wiki/Sobrica']);
    expect(given.steps[0]).toEqual({ action: 'VISIT', detail: 'http://wiki.test/wiki/Sobrica' });
  });

  it('reads a URL written after the question as the page to read, not as a second question', () => {
    const p = plan('What is the GDP per capita of Veldoria? http://guide.test/veldoria.');
    expect(p.parts.map((x) => x.question)).toEqual([
      'What is the GDP per capita of Veldoria? http://guide.test/veldoria.',
    ]);
    expect(p.startUrls).toEqual(['http://guide.test/veldoria']);
    const two = plan('What is the capital of Sobrica? What is its population? https://wiki.test/Sobrica');
    expect(two.parts).toHaveLength(2);
  });

  it('plans sets from the question model: counts, top-k over an attribute, authors and categories', () => {
    expect(plan('How many hotels in Tirvane have a pool?').listing).toEqual({
      noun: 'hotels',
      place: 'Tirvane',
      features: ['pool'],
      aggregate: { kind: 'count' },
    });
    expect(plan('Which are the three countries with the smallest population?').listing).toMatchObject({
      noun: 'countries',
      rank: { by: 'population', order: 'asc' },
      limit: 3,
    });
    expect(plan('What is the area of the two most populous countries?').listing).toMatchObject({
      rank: { by: 'population', order: 'desc' },
      limit: 2,
      asked: 'area',
    });
    expect(plan('List the papers by M. Kessa').listing).toMatchObject({ noun: 'papers', author: 'M. Kessa' });
    expect(plan('hiking tents under $300 in the Nubo shop').listing).toMatchObject({
      noun: 'tents',
      category: 'hiking',
      maxPrice: 300,
    });
  });

  it('keeps a who-clause that names nothing in the same part', () => {
    expect(plan('Who was the singer of Paper Lanterns and who died in 1999?').parts).toHaveLength(1);
    expect(plan('The trio Veldt Nine was formed by who?').parts[0]?.attribute).toBeUndefined();
  });
});
