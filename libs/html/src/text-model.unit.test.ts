import { parseHtml } from './dom.js';
import { readTextBlocks } from './text-model.js';
import { normalizeText, visibleText } from './text.js';

const page = (body: string): string =>
  `<!DOCTYPE html><html><head><title>T</title></head><body>${body}</body></html>`;
const blocks = (html: string): [string, string][] =>
  readTextBlocks(parseHtml(html)).map((b) => [b.kind, b.text]);

describe('readTextBlocks', () => {
  it('renders table rows as "Header: value" and definition pairs as "term: definition"', () => {
    const html = page(`<table><tr><th>Capital</th><td><a href="/x">Portavel</a></td></tr>
      <tr><th>Population</th><td>1,234</td></tr></table><dl><dt>Founded</dt><dd>1848</dd></dl>`);
    expect(blocks(html)).toEqual([
      ['content', 'Capital: Portavel'],
      ['content', 'Population: 1,234'],
      ['content', 'Founded: 1848'],
    ]);
  });

  it('marks headings and chrome, and keeps a page banner heading as context', () => {
    const html = page(`<header><h1>Veloria</h1></header><nav><a href="/a">Home</a></nav>
      <main><h2>History</h2><p>Founded by treaty.</p></main><footer>© 2026 Example</footer>`);
    expect(blocks(html)).toEqual([
      ['chrome', 'Veloria'],
      ['chrome', 'Home'],
      ['heading', 'History'],
      ['content', 'Founded by treaty.'],
      ['chrome', '© 2026 Example'],
    ]);
    const content = readTextBlocks(parseHtml(html)).find((b) => b.kind === 'content');
    expect(content?.headingPath).toEqual(['Veloria', 'History']);
  });

  it('leaves out hidden text, scripts, form controls and in-page links', () => {
    const html = page(`<p>Price <button>Buy now</button><span hidden>secret</span>$5
      <a href="#top">Back to top</a></p><script>var x = "code";</script>
      <form><label>Name</label><input value="typed"><select><option>One</option></select></form>`);
    expect(blocks(html)).toEqual([['content', 'Price $5']]);
  });

  it('numbers blocks in document order', () => {
    const html = page('<p>One.</p><h2>Two</h2><p>Three.</p>');
    expect(readTextBlocks(parseHtml(html)).map((b) => b.seq)).toEqual([0, 1, 2]);
  });

  it('reads empty and malformed markup without throwing', () => {
    expect(blocks('')).toEqual([]);
    expect(blocks('<p>unclosed <b>bold <td>cell')).toEqual([
      ['content', 'unclosed bold'],
      ['content', 'cell'],
    ]);
  });
});

describe('visibleText', () => {
  it('is the text model, one block per line, so every block is found in it', () => {
    const html = page(`<nav>Menu</nav><h1>Title</h1><table><thead><tr><th>Name</th><th>Price</th></tr></thead>
      <tbody><tr><td>Tent</td><td>$10</td></tr></tbody></table><p>Body &amp; more.</p>`);
    const text = normalizeText(visibleText(html));
    expect(visibleText(html).split('\n')).toEqual([
      'Menu',
      'Title',
      'Name: Tent; Price: $10',
      'Body & more.',
    ]);
    for (const block of readTextBlocks(parseHtml(html))) expect(text).toContain(normalizeText(block.text));
  });
});
