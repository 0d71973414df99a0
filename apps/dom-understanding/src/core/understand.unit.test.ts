import { understandHtml } from './understand.js';

const roomy = { maxChunks: 2_000, maxInteractive: 1_000, maxBytes: 700_000 };

describe('understandHtml', () => {
  it('reads the title, chunks and interactive elements of one page', () => {
    const html = `<html><head><title> Veloria &ndash; Wiki </title></head><body>
      <nav><a href="/">Home</a></nav><main><h1>Veloria</h1><p>Veloria is a republic in the highlands.</p></main></body></html>`;
    const page = understandHtml(html, roomy);
    expect(page.title).toBe('Veloria – Wiki');
    expect(page.chunks.map((c) => c.text)).toEqual(['Veloria is a republic in the highlands.']);
    expect(page.interactive.map((e) => e.name)).toEqual(['Home']);
    expect(page.truncated).toBe(false);
  });

  it('falls back to the first <h1> when there is no <title>', () => {
    expect(understandHtml('<body><h1>Only <i>heading</i></h1></body>', roomy).title).toBe('Only heading');
  });

  it('drops chunks past the count limit and says so', () => {
    const html = `<body>${Array.from({ length: 50 }, (_, i) => `<p>Paragraph number ${i} with enough words in it.</p>`).join('')}</body>`;
    const page = understandHtml(html, { ...roomy, maxChunks: 10 });
    expect(page.chunks).toHaveLength(10);
    expect(page.truncated).toBe(true);
  });

  it('keeps the serialised reply (everything but the chunks, which are stored) within the byte budget and every chunk on a huge page', () => {
    const para = (i: number): string =>
      `<p>Part ${i}. ${'Long sentence about the town and its many historic buildings. '.repeat(15)}</p>`;
    const links = Array.from({ length: 3_000 }, (_, i) => `<a href="/page/${i}">Link number ${i}</a>`).join(
      '',
    );
    const html = `<body>${Array.from({ length: 2_000 }, (_, i) => para(i)).join('')}${links}</body>`;
    const page = understandHtml(html, { maxChunks: 2_000, maxInteractive: 1_000, maxBytes: 700_000 });
    const { chunks, ...reply } = page;
    expect(Buffer.byteLength(JSON.stringify(reply))).toBeLessThan(700_000);
    expect(page.truncated).toBe(true);
    expect(page.interactive.length).toBeGreaterThan(100);
    expect(chunks).toHaveLength(2_000);
  });
});
