import { aSourcedChunk } from '@forage/testing';
import { answerHeuristically } from './heuristic-answer.js';

const chunk = (chunkId: string, title: string, text: string) =>
  aSourcedChunk({ chunkId, url: `https://pages.test/${chunkId}`, title, text, headingPath: [title] });

describe('choice questions', () => {
  const chunks = [
    chunk(
      'a',
      'Annie Morton',
      'Annie Morton (born October 8, 1970) is an American model born in Pennsylvania.',
    ),
    chunk(
      'b',
      'Terry Richardson',
      'Terry Richardson (born August 14, 1965) is an American fashion photographer.',
    ),
    chunk('c', 'Old Compass', 'The Old Compass is a hotel on the quay with a harbour view restaurant.'),
    chunk('d', 'Harbour View', 'Harbour View is a hotel in Besby, next to the harbour.'),
  ];
  const ask = (question: string) =>
    answerHeuristically({ question, chunks, maxAnswers: 1, minConfidence: 0 }).answers[0];

  it('answers with an option, cited where the page names it, the earlier year for "older"', () => {
    const answer = ask('Who is older, Annie Morton or Terry Richardson?');
    expect(answer?.text).toBe('Terry Richardson');
    expect(answer?.source).toMatchObject({
      nodeId: 'b',
      snippet: expect.stringContaining('Terry Richardson') as unknown,
    });
    expect(ask('Who is younger, Annie Morton or Terry Richardson?')?.text).toBe('Annie Morton');
  });

  it('answers with the option whose page says what the question asks', () => {
    expect(ask('Which hotel is in Besby, the Old Compass or Harbour View?')?.text).toBe('Harbour View');
  });

  it("compares the numbers each option's page states, and cites both sentences", () => {
    const answer = answerHeuristically({
      question: 'Which has the larger population, Qora or Besby?',
      chunks: [
        chunk('q', 'Qora', 'Qora has a population of 3,781,057.'),
        chunk('r', 'Besby', 'Besby has a population of 5,813,985.'),
      ],
      maxAnswers: 1,
      minConfidence: 0,
    }).answers[0];
    expect(answer?.text).toBe('Besby');
    expect(answer?.derivation?.kind).toBe('choice');
    expect(answer?.derivation?.sources.map((s) => s.nodeId)).toEqual(['q', 'r']);
    const smaller = answerHeuristically({
      question: 'Which has the smaller population, Qora or Besby?',
      chunks: [
        chunk('q', 'Qora', 'Qora has a population of 3,781,057.'),
        chunk('r', 'Besby', 'Besby has a population of 5,813,985.'),
      ],
      maxAnswers: 1,
      minConfidence: 0,
    }).answers[0];
    expect(smaller?.text).toBe('Qora');
  });

  it('abstains rather than guess when the pages support both options alike', () => {
    const outcome = answerHeuristically({
      question: 'Which has the larger population, Qora or Besby?',
      chunks: [
        chunk('q', 'Qora', 'Qora has a population of 5,813,985.'),
        chunk('r', 'Besby', 'Besby has a population of 5,813,985.'),
      ],
      maxAnswers: 1,
      minConfidence: 0,
    });
    expect(outcome).toMatchObject({ abstained: true, answers: [] });
    expect(outcome.reason).toContain('options');
  });

  it('abstains when an option has no page at all', () => {
    const outcome = answerHeuristically({
      question: 'Who is older, Annie Morton or Zed Unknown?',
      chunks,
      maxAnswers: 1,
      minConfidence: 0,
    });
    expect(outcome.answers).toEqual([]);
  });
});
