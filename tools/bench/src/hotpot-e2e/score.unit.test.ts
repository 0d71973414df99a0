import { factKey, type HotpotItem } from './dataset.js';
import { answerScore, citedFacts, supportScore } from './score.js';

const item: HotpotItem = {
  id: 'q1',
  question: 'Were Scott Derrickson and Ed Wood of the same nationality?',
  answer: 'yes',
  type: 'comparison',
  paragraphs: [
    {
      title: 'Ed Wood',
      sentences: ['Edward Davis Wood Jr. was an American filmmaker.', ' He made cult films.'],
    },
    { title: 'Scott Derrickson', sentences: ['Scott Derrickson is an American director.'] },
  ],
  supporting: new Set([factKey('Ed Wood', 0), factKey('Scott Derrickson', 0)]),
};

describe('the HotpotQA metric', () => {
  it('scores yes/no only when both sides agree, and spans by token overlap', () => {
    expect(answerScore('yes', 'Yes')).toEqual({ em: 1, f1: 1 });
    expect(answerScore('yes', 'yes they were')).toEqual({ em: 0, f1: 0 });
    expect(answerScore('the Chicago Bulls', 'Chicago Bulls')).toEqual({ em: 1, f1: 1 });
    expect(answerScore('Arthur Conan Doyle', 'Doyle').f1).toBeCloseTo(0.5);
  });

  it('maps a citation back to the sentences its snippet covers, and scores them against the gold facts', () => {
    const cited = citedFacts(item, [
      {
        url: 'http://127.0.0.1/files/p01.html',
        title: 'Ed Wood',
        snippet: 'Edward Davis Wood Jr. was an American filmmaker.',
      },
      { url: 'http://127.0.0.1/files/p03.html', title: 'Unknown', snippet: 'anything' },
    ]);
    expect([...cited]).toEqual([factKey('Ed Wood', 0)]);
    expect(supportScore(item.supporting, cited)).toBeCloseTo(2 / 3);
    expect(supportScore(item.supporting, new Set())).toBe(0);
  });
});
