import { Bm25Index, type IndexedDocument } from './bm25.js';

const doc = (id: string, title: string, text: string): IndexedDocument => ({ id, title, text });

describe('Bm25Index', () => {
  const index = new Bm25Index();
  index.add(doc('a', 'Orlando hotels', 'Cheap hotels near the parks with free parking.'));
  index.add(doc('b', 'Paris museums', 'The Louvre and the Orsay are museums in Paris.'));
  index.add(doc('c', 'Travel notes', 'We stayed in a hotel in Orlando once; parking cost extra.'));

  it('ranks the document whose title and body match best first', () => {
    const hits = index.searchText('hotels in Orlando', 3);
    expect(hits.map((h) => h.doc.id)).toEqual(['a', 'c']);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
  });

  it('returns nothing for unknown terms or an empty index', () => {
    expect(index.searchText('submarine', 5)).toEqual([]);
    expect(new Bm25Index().searchText('hotel', 5)).toEqual([]);
  });

  it('respects the limit and breaks ties by insertion order', () => {
    const same = new Bm25Index();
    for (const id of ['x', 'y', 'z']) same.add(doc(id, 'same', 'same words here'));
    same.add(doc('other', 'other', 'nothing alike'));
    expect(same.searchText('same', 2).map((h) => h.doc.id)).toEqual(['x', 'y']);
  });

  it('gives rare terms a higher idf than common ones', () => {
    expect(index.idf('museum')).toBeGreaterThan(index.idf('hotel'));
    expect(index.idf('unknown')).toBe(0);
  });

  it('counts repeated query terms once', () => {
    expect(index.searchText('paris paris paris', 1)[0]!.score).toBeCloseTo(
      index.searchText('paris', 1)[0]!.score,
    );
  });
});
