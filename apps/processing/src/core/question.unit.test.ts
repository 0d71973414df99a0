import { analyzeQuestion } from './question.js';

describe('analyzeQuestion', () => {
  it.each([
    ['What is the population of Veloria?', 'number'],
    ['How many rooms does the hotel have?', 'number'],
    ['How much does parking cost?', 'number'],
    ['What is the price of a double room?', 'number'],
    ['When was Veloria founded?', 'date'],
    ['In what year did the bridge open?', 'date'],
    ['Who founded the National Bank?', 'person'],
    ['Where is the Grand Hotel?', 'place'],
    ['What is the capital of Veloria?', 'name'],
    ['Which currency does Veloria use?', 'name'],
  ])('expects the answer to %s to be a %s', (question, expected) => {
    expect(analyzeQuestion(question).expected).toBe(expected);
  });

  it('keeps key terms (stemmed, no stop words) and widens them with related words', () => {
    const analysis = analyzeQuestion('How many people live in Veloria?');
    expect(analysis.terms.map((t) => t.term)).toEqual(['people', 'live', 'veloria']);
    expect([...(analysis.terms[0]?.alternates ?? [])]).toEqual(
      expect.arrayContaining(['people', 'population', 'inhabitant']),
    );
    expect(analysis.queryTerms).toEqual(expect.arrayContaining(['population', 'veloria']));
  });

  it('has no key terms for a question made of stop words', () => {
    expect(analyzeQuestion('What is it?').terms).toEqual([]);
  });
});
