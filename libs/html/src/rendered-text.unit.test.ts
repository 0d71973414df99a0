import { collapseWhitespace } from './rendered-text.js';

describe('collapseWhitespace', () => {
  it('turns every whitespace run into one space and trims, as replacing /\\s+/ would', () => {
    const samples = [
      'plain words stay',
      '  leading and trailing  ',
      'tab\there, newline\nthere, crlf\r\nend',
      'mixed \n\t runs \u00a0 and\u00a0no-break\u2003em\u2009thin',
      '\n',
      '',
      'a \u00a0b',
      'one\u00a0',
    ];
    for (const text of samples) expect(collapseWhitespace(text)).toBe(text.replace(/\s+/g, ' ').trim());
    expect(collapseWhitespace(' a \n\t b\u00a0c ')).toBe('a b c');
  });
});
