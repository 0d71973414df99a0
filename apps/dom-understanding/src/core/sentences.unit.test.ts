import { splitLongText, splitSentences } from './sentences.js';

describe('splitSentences', () => {
  it('splits at sentence-final punctuation followed by a capital or a digit', () => {
    expect(splitSentences('It rains. Winters are mild! Why? 2020 was dry.')).toEqual([
      'It rains.',
      'Winters are mild!',
      'Why?',
      '2020 was dry.',
    ]);
  });

  it('does not split after abbreviations, initials or inside numbers', () => {
    expect(
      splitSentences('Dr. Smith met J. R. Tolkien at 3.5 p.m. on Main St. Downtown. Then he left.'),
    ).toEqual(['Dr. Smith met J. R. Tolkien at 3.5 p.m. on Main St. Downtown.', 'Then he left.']);
    expect(splitSentences('Cities, e.g. Portavel, grew fast.')).toEqual([
      'Cities, e.g. Portavel, grew fast.',
    ]);
  });

  it('keeps closing quotes and brackets with their sentence', () => {
    expect(splitSentences('He said "stop." Then (later.) It ended.')).toEqual([
      'He said "stop."',
      'Then (later.)',
      'It ended.',
    ]);
  });

  it('returns verbatim slices of the input', () => {
    const text = 'First one here. Second one there.';
    for (const s of splitSentences(text)) expect(text).toContain(s);
  });
});

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
