import { aSourcedChunk } from '@forage/testing';
import { analyzeQuestion } from './question.js';
import { supportingSentences } from './support.js';

const page = (url: string, chunkId: string, text: string) =>
  aSourcedChunk({ url, chunkId, text, title: '', headingPath: [] });

describe('supportingSentences', () => {
  const chunks = [
    page('https://a.test/', 'a', 'Portavel is a port. The capital of Veloria is Portavel, on the coast.'),
    page('https://b.test/', 'b', 'Veloria is a republic. Its capital has 400,000 inhabitants.'),
    page('https://c.test/', 'c', 'Cookies help us measure how pages are used.'),
  ];

  it('offers the best sentence of each of the best pages, one per page', () => {
    const found = supportingSentences({
      question: analyzeQuestion('What is the capital of Veloria?'),
      chunks,
      pages: 2,
    });
    expect(found.map((s) => [s.chunk.chunkId, s.sentence])).toEqual([
      ['a', 'The capital of Veloria is Portavel, on the coast.'],
      ['b', 'Veloria is a republic.'],
    ]);
    expect(found[0]?.coverage).toBe(1);
  });

  it("adds the answer's own sentence, and offers nothing for empty input or a question without terms", () => {
    const [a] = chunks;
    const found = supportingSentences({
      question: analyzeQuestion('What is the capital of Veloria?'),
      chunks,
      pages: 1,
      ...(a ? { answerSnippet: { chunk: a, snippet: 'Portavel is a port.' } } : {}),
    });
    expect(found.map((s) => s.sentence)).toEqual([
      'The capital of Veloria is Portavel, on the coast.',
      'Portavel is a port.',
    ]);
    expect(supportingSentences({ question: analyzeQuestion('What is it?'), chunks, pages: 2 })).toEqual([]);
    expect(
      supportingSentences({
        question: analyzeQuestion('What is the capital of Veloria?'),
        chunks: [],
        pages: 2,
      }),
    ).toEqual([]);
  });
});
