import { aSourcedChunk } from '@forage/testing';
import { answerHeuristically } from './heuristic-answer.js';
import { analyzeQuestion } from './question.js';

const chunks = [
  aSourcedChunk({
    chunkId: 'r',
    title: 'Harbour guild',
    headingPath: ['Harbour guild'],
    text: 'The harbour guild moved its hall in 1820 because the old quay had flooded twice. It kept its charter.',
  }),
];
const ask = (question: string) => answerHeuristically({ question, chunks, maxAnswers: 1, minConfidence: 0 });

describe('"why" questions', () => {
  it('are marked as asking for a reason', () => {
    expect(analyzeQuestion('Why did the guild move its hall?').asksWhy).toBe(true);
    expect(analyzeQuestion('When did the guild move its hall?').asksWhy).toBe(false);
  });
  it('are answered with the clause after the reason connective, a verbatim span of the page', () => {
    const answer = ask('Why did the harbour guild move its hall?').answers[0];
    expect(answer?.text).toBe('the old quay had flooded twice');
    expect(answer?.source.snippet).toContain(answer?.text ?? '∅');
  });
  it('get no name as an answer when the page gives no reason', () => {
    const plain = [
      aSourcedChunk({
        chunkId: 'p',
        title: 'Mill',
        headingPath: ['Mill'],
        text: 'The Old Mill closed in 1901. Its owner, Ada Brook, sold the land.',
      }),
    ];
    const outcome = answerHeuristically({
      question: 'Why did the Old Mill close?',
      chunks: plain,
      maxAnswers: 1,
      minConfidence: 0,
    });
    expect(outcome.answers).toEqual([]);
  });
});
