import { askedAttribute, joinRestrictions } from './wording.js';

describe('a "who …" clause that names nothing is part of the same question', () => {
  it('joins it to the question before', () => {
    expect(joinRestrictions(['Who was the singer of Paper Lanterns', 'who died in 1999'])).toEqual([
      'Who was the singer of Paper Lanterns and who died in 1999',
    ]);
    expect(joinRestrictions(['Who painted it first', 'who was born in the city'])).toEqual([
      'Who painted it first and who was born in the city',
    ]);
  });

  it('keeps questions about other things, or about "it", apart', () => {
    expect(joinRestrictions(['Who directed Vandor', 'who wrote Quillith'])).toEqual([
      'Who directed Vandor',
      'who wrote Quillith',
    ]);
    expect(
      joinRestrictions(['What is the capital of Esmarra', 'which of its rivers is longest']),
    ).toHaveLength(2);
    expect(joinRestrictions(['who died in 2007'])).toEqual(['who died in 2007']);
    expect(joinRestrictions(['Who directed the film', 'who composed the score'])).toEqual([
      'Who directed the film',
      'who composed the score',
    ]);
  });
});

describe('the attribute a question asks, read from its wording', () => {
  it.each([
    ['The trio Veldt Nine was formed by who?', undefined],
    ['Brask Works was founded by an engineer known for what?', undefined],
    ['When was the Bank of Esmarra founded?', 'founded'],
    ['A professor taught at a college located in what city?', undefined],
    ['Where is the Hotel Calveno located?', 'address'],
    ['What is the population of Esmarra?', 'population'],
    ['How many people live in Tirvane?', 'population'],
    ['What is the GDP per capita of Esmarra?', 'gdp-per-capita'],
  ])('%s → %s', (question, attribute) => {
    expect(askedAttribute(question)).toBe(attribute);
  });
});
