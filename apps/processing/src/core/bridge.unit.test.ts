import { aSourcedChunk } from '@forage/testing';
import { bridgeCandidates, mentionAt } from './bridge.js';
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

describe('mentionAt', () => {
  const at = (text: string, title: string) => mentionAt({ text, lower: text.toLowerCase(), title });
  it('finds a title without its qualifier, word-bounded', () => {
    expect(at('It was released by Winner in 2014.', 'Winner (band)')).toBe(19);
    expect(at('The Winnerston club', 'Winner (band)')).toBe(-1);
  });
  it("finds a person's page by the surname the text uses, written with its capital", () => {
    expect(at('He served during the Nixon administration.', 'Richard Nixon')).toBe(21);
    expect(at('He sold nixon dolls.', 'Richard Nixon')).toBe(-1);
    // a title that is not a name of capitalised words is only found whole
    expect(at('A film about the Hedgehog.', 'Sonic the Hedgehog')).toBe(-1);
  });
});
