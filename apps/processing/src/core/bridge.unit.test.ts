import { aSourcedChunk } from '@forage/testing';
import { bridgeCandidates } from './bridge.js';
import { answerHeuristically } from './heuristic-answer.js';
import { analyzeQuestion } from './question.js';

const chunk = (chunkId: string, title: string, text: string) =>
  aSourcedChunk({ chunkId, url: `https://pages.test/${chunkId}`, title, text, headingPath: [title] });

const pages = [
  chunk(
    'h',
    'Ada Brook',
    'Ada Brook (born 1931) was a psychology professor at Norland University for thirty years.',
  ),
  chunk(
    'u',
    'Norland University',
    'Norland University is a private university located in Port Elsby, a coastal city.',
  ),
  chunk('x', 'Kessel College', 'Kessel College is a college located in Dunmore.'),
];

describe('two-hop (bridge) answers', () => {
  it('follows the page about the named person to the page it mentions, for the part of the question it does not state', () => {
    const answer = answerHeuristically({
      question: 'Ada Brook was a psychology professor at a university located in what city?',
      chunks: pages,
      maxAnswers: 1,
      minConfidence: 0,
    }).answers[0];
    expect(answer?.text).toBe('Port Elsby');
    expect(answer?.source.nodeId).toBe('u');
    expect(answer?.source.snippet).toContain('Port Elsby');
  });

  it('offers nothing when the question names no page, or the page mentions no other', () => {
    const none = (question: string, chunks = pages) =>
      bridgeCandidates({
        questionText: question,
        question: analyzeQuestion(question),
        chunks,
        weights: new Map(),
        retrieval: () => 0,
      }).candidates;
    expect(none('which university is located in what city?')).toEqual([]);
    expect(none('Kessel College is located in what city?', [pages[2]!])).toEqual([]);
    expect(none('', [])).toEqual([]);
  });
});
