import { aSourcedChunk } from '@forage/testing';
import { normalizeChunks } from './normalize.js';

const chunk = (chunkId: string, text: string) => aSourcedChunk({ chunkId, text });

describe('normalizeChunks', () => {
  it('applies NFKC and collapses whitespace in text, title and heading path', () => {
    const input = aSourcedChunk({
      text: ' Area\u00a0(km²):\n\t45,210  ',
      title: 'Ｖｅｌｏｒｉａ  wiki',
      headingPath: ['  Geo\u2003graphy '],
    });
    const { chunks } = normalizeChunks([input]);
    expect(chunks[0]).toMatchObject({
      text: 'Area (km2): 45,210',
      title: 'Veloria wiki',
      headingPath: ['Geo graphy'],
    });
    expect(chunks[0]).toMatchObject({
      chunkId: input.chunkId,
      xpath: input.xpath,
      domSnapshot: input.domSnapshot,
      logRecordId: input.logRecordId,
    });
  });

  it('drops exact duplicates by normalised text, case-insensitively, keeping the first', () => {
    const { chunks, dropped } = normalizeChunks([
      chunk('a', 'Free parking'),
      chunk('b', 'free  parking'),
      chunk('c', 'Pool'),
    ]);
    expect(chunks.map((c) => c.chunkId)).toEqual(['a', 'c']);
    expect(dropped).toBe(1);
  });

  it('drops near duplicates (same words but punctuation, or a short tail on a long text) and keeps different texts', () => {
    const base =
      'The Grand Hotel Portavel has 120 rooms, a rooftop pool and a quiet garden overlooking the old harbour of the city.';
    const { chunks, dropped } = normalizeChunks([
      chunk('a', base),
      chunk('b', base.replace('old harbour', 'old, harbour').replace('.', '!')),
      chunk('c', `${base} Book now.`),
      chunk('d', `${base} Breakfast is included every day.`),
      chunk('e', 'The Grand Hotel Portavel has 80 rooms and no pool.'),
    ]);
    expect(chunks.map((c) => c.chunkId)).toEqual(['a', 'd', 'e']);
    expect(dropped).toBe(2);
  });

  it('compares short chunks exactly only', () => {
    expect(
      normalizeChunks([chunk('a', 'Capital: Portavel'), chunk('b', 'Capital: Dunmere')]).chunks,
    ).toHaveLength(2);
  });

  it('drops chunks that are empty once normalised', () => {
    expect(normalizeChunks([chunk('a', ' \n '), chunk('b', 'Text')])).toMatchObject({
      dropped: 1,
      chunks: [{ chunkId: 'b' }],
    });
  });

  it('handles thousands of chunks quickly', () => {
    const many = Array.from({ length: 5_000 }, (_, i) =>
      chunk(`c${i}`, `Paragraph ${i} talks about topic ${i % 97} in some detail here.`),
    );
    const started = performance.now();
    expect(normalizeChunks(many).chunks.length).toBeGreaterThan(90);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
