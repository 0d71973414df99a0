import { aSourcedChunk } from '@forage/testing';
import { analyzeQuestion } from './question.js';
import { indexOf, retrieve } from './retrieval.js';

const chunk = (chunkId: string, text: string) => aSourcedChunk({ chunkId, text, headingPath: [], title: '' });

describe('retrieve', () => {
  const chunks = [
    chunk('all', 'The capital of Veloria is Portavel.'),
    chunk('half', 'Veloria is a republic in the highlands.'),
    chunk('none', 'Cookies help us measure how pages are used.'),
  ];
  const question = analyzeQuestion('What is the capital of Veloria?');

  it('ranks chunks by BM25 and leaves out chunks with no key term', () => {
    const { top } = retrieve({ question, chunks, limit: 10 });
    expect(top.map((r) => r.chunk.chunkId)).toEqual(['all', 'half']);
  });

  it('normalises scores to [0, 1]: 1 for a chunk with every key term, less for one with some', () => {
    const { top } = retrieve({ question, chunks, limit: 10 });
    expect(top[0]?.normalized).toBeCloseTo(1, 1);
    expect(top[1]?.normalized).toBeGreaterThan(0);
    expect(top[1]?.normalized).toBeLessThan(0.75);
    for (const r of top) expect(r.normalized).toBeLessThanOrEqual(1);
  });

  it('counts a key term no chunk holds against every chunk', () => {
    const { top } = retrieve({
      question: analyzeQuestion('What is the anthem of Veloria?'),
      chunks,
      limit: 10,
    });
    for (const r of top) expect(r.normalized).toBeLessThanOrEqual(0.5);
  });

  it('returns nothing for no chunks or a question without terms', () => {
    expect(retrieve({ question, chunks: [], limit: 10 }).top).toEqual([]);
    expect(retrieve({ question: analyzeQuestion('What is it?'), chunks, limit: 10 }).top).toEqual([]);
  });
});

describe('the index cache', () => {
  it('builds the index of a chunk array once, and again for an array grown since', () => {
    const chunks = [
      chunk('a', 'The capital of Veloria is Portavel.'),
      chunk('b', 'Veloria is a republic in the highlands.'),
    ];
    const index = indexOf(chunks);
    expect(indexOf(chunks)).toBe(index);
    expect(indexOf([...chunks])).not.toBe(index);
    chunks.push(aSourcedChunk({ chunkId: 'late', text: 'Veloria joined the league in 1921.' }));
    const grown = indexOf(chunks);
    expect(grown).not.toBe(index);
    expect(grown.chunks).toHaveLength(index.chunks.length + 1);
  });
});
