import type { ContentChunk } from '@forage/contracts';
import { dedupeChunks, nodeIdOf } from './dedupe-chunks.js';

const chunk = (id: string, text: string, xpath: string): ContentChunk => ({
  id,
  text,
  headingPath: [],
  xpath,
});

describe('chunk de-duplication and node ids', () => {
  it('keeps the first of blocks that say the same thing (a responsive copy, a repeated template) and renumbers', () => {
    const { chunks, removed } = dedupeChunks([
      chunk('c1', 'Free delivery over 50 €', '/html[1]/body[1]/div[1]/p[1]'),
      chunk('c2', 'The tent sleeps two.', '/html[1]/body[1]/main[1]/p[1]'),
      chunk('c3', 'Free  delivery over 50 €', '/html[1]/body[1]/div[2]/p[1]'),
      chunk('c4', 'The Tent sleeps two.', '/html[1]/body[1]/div[3]/p[1]'),
      chunk('c5', 'Packed size 40 cm.', '/html[1]/body[1]/main[1]/p[2]'),
    ]);
    expect(removed).toBe(2);
    expect(chunks.map((c) => [c.id, c.text, c.xpath])).toEqual([
      ['c1', 'Free delivery over 50 €', '/html[1]/body[1]/div[1]/p[1]'],
      ['c2', 'The tent sleeps two.', '/html[1]/body[1]/main[1]/p[1]'],
      ['c3', 'Packed size 40 cm.', '/html[1]/body[1]/main[1]/p[2]'],
    ]);
  });

  it('gives a block the same node id wherever it falls in the list, and different blocks different ids', () => {
    const a = chunk('c1', 'Packed size 40 cm.', '/html[1]/body[1]/main[1]/p[2]');
    const first = dedupeChunks([a]).chunks[0];
    const later = dedupeChunks([chunk('c1', 'New banner text', '/html[1]/body[1]/div[1]'), a]).chunks[1];
    expect(first?.nodeId).toBe(later?.nodeId);
    expect(first?.nodeId).toBe(nodeIdOf(a));
    expect(nodeIdOf({ ...a, text: 'Packed size 41 cm.' })).not.toBe(first?.nodeId);
  });
});
