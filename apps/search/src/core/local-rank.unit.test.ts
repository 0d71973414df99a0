import { Bm25Index } from '@forage/retrieval';
import type { LocalDocument } from './local-document.js';
import { rankLocal, titleMention } from './local-rank.js';

const doc = (title: string, text: string): LocalDocument => ({
  id: title,
  url: `https://x.example/${encodeURIComponent(title)}`,
  title,
  text,
});

describe('local ranking', () => {
  it('title mention is the share of the title named by the query', () => {
    expect(titleMention(new Set(['scott', 'derrickson', 'nationality']), 'Scott Derrickson')).toBe(1);
    expect(titleMention(new Set(['scott']), 'Scott Derrickson')).toBe(0.5);
    expect(titleMention(new Set(['x']), '')).toBe(0);
  });

  const index = new Bm25Index<LocalDocument>({ titleWeight: 1 });
  index.add(
    doc(
      'Woodson, Arkansas',
      'Woodson is a town. Ed Wood was American, Ed Wood stayed, and Ed Wood left; an American wood.',
    ),
  );
  index.add(doc('Ed Wood', 'Edward Davis Wood Jr. was an American filmmaker.'));
  index.add(doc('Tyler Bates', 'Tyler Bates is a composer.'));

  it('with the term off, keeps plain BM25 order', () => {
    const plain = rankLocal({
      index,
      query: 'Was Ed Wood American?',
      limit: 3,
      weights: { titleMention: 0 },
    });
    expect(plain.map((h) => h.breakdown['titleMention'])).toEqual(plain.map(() => 0));
    expect(plain[0]!.score).toBe(1);
    expect(plain[0]!.doc.title).toBe('Woodson, Arkansas');
  });

  it('lifts the page whose title the query names', () => {
    const ranked = rankLocal({
      index,
      query: 'Was Ed Wood American?',
      limit: 3,
      weights: { titleMention: 0.5 },
    });
    expect(ranked[0]!.doc.title).toBe('Ed Wood');
    expect(ranked[0]!.breakdown['titleMention']).toBe(0.5);
  });

  it('returns nothing when no term matches', () => {
    expect(rankLocal({ index, query: 'submarine', limit: 3, weights: { titleMention: 0.5 } })).toEqual([]);
  });
});
