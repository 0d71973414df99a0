import { isStopWord, stem, tokenize, words } from './tokenize.js';

describe('tokenize', () => {
  it('lower-cases, drops stop words and punctuation, and stems plurals', () => {
    expect(tokenize('What are the cheapest Hotels in the Cities?')).toEqual(['cheapest', 'hotel', 'city']);
  });

  it('keeps non-Latin letters and numbers as words', () => {
    expect(tokenize('Zürich 2024 café')).toEqual(['zürich', '2024', 'café']);
  });

  it('folds compatibility characters (NFKC) so full-width text meets ASCII text', () => {
    expect(tokenize('ＨＯＴＥＬ')).toEqual(['hotel']);
  });

  it('keeps stop words in words()', () => {
    expect(words('The Hotel')).toEqual(['the', 'hotel']);
    expect(isStopWord('the')).toBe(true);
  });
});

describe('stem', () => {
  it.each([
    ['hotels', 'hotel'],
    ['cities', 'city'],
    ['classes', 'class'],
    ['glass', 'glass'],
    ['status', 'status'],
    ['analysis', 'analysis'],
    ['bus', 'bus'],
    ['2020s', '2020s'],
  ])('%s → %s', (word, stemmed) => {
    expect(stem(word)).toBe(stemmed);
  });
});
