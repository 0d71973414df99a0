import { splitSentences } from './sentences.js';

const sentenceTexts = (text: string): string[] => splitSentences(text).map((s) => s.text);

describe('splitSentences', () => {
  it('splits at sentence-final punctuation followed by a capital or a digit', () => {
    expect(sentenceTexts('It rains. Winters are mild! Why? 2020 was dry.')).toEqual([
      'It rains.',
      'Winters are mild!',
      'Why?',
      '2020 was dry.',
    ]);
  });

  it('does not split after abbreviations, initials or inside numbers', () => {
    expect(
      sentenceTexts('Dr. Smith met J. R. Tolkien at 3.5 p.m. on Main St. Downtown. Then he left.'),
    ).toEqual(['Dr. Smith met J. R. Tolkien at 3.5 p.m. on Main St. Downtown.', 'Then he left.']);
    expect(sentenceTexts('Cities, e.g. Portavel, grew fast.')).toEqual(['Cities, e.g. Portavel, grew fast.']);
  });

  it('keeps closing quotes and brackets with their sentence', () => {
    expect(sentenceTexts('He said "stop." Then (later.) It ended.')).toEqual([
      'He said "stop."',
      'Then (later.)',
      'It ended.',
    ]);
  });

  it('returns verbatim slices of the input', () => {
    const text = 'First one here. Second one there.';
    for (const s of sentenceTexts(text)) expect(text).toContain(s);
  });
});

describe('splitSentences offsets', () => {
  it('says where each sentence starts in the source text', () => {
    const text = '  One here.  Two there. ';
    for (const s of splitSentences(text)) expect(text.slice(s.start, s.start + s.text.length)).toBe(s.text);
  });
});
