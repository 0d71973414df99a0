import { splitLongText } from './sentences.js';

describe('splitLongText', () => {
  it('returns short text unchanged', () => {
    expect(splitLongText('Short.', 100)).toEqual(['Short.']);
  });

  it('packs whole sentences up to the cap', () => {
    expect(splitLongText('Aaaa aaaa. Bbbb bbbb. Cccc cccc.', 22)).toEqual([
      'Aaaa aaaa. Bbbb bbbb.',
      'Cccc cccc.',
    ]);
  });

  it('cuts a single over-long sentence at a space', () => {
    const pieces = splitLongText('word '.repeat(50).trim(), 42);
    expect(pieces.every((p) => p.length <= 42 && !p.startsWith(' ') && !p.endsWith(' '))).toBe(true);
    expect(pieces.join(' ')).toBe('word '.repeat(50).trim());
  });
});
