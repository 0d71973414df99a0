import { descendants, parseHtml } from '@forage/html';
import { xpathLiteral, xpathOf } from './xpath.js';

const first = (html: string, tag: string, n = 0): Parameters<typeof xpathOf>[0] => {
  const el = descendants(parseHtml(html), tag)[n];
  if (!el) throw new Error(`no <${tag}> #${n}`);
  return el;
};

describe('xpathOf', () => {
  it('counts 1-based positions among same-tag siblings only', () => {
    const html =
      '<html><body><div></div><p>a</p><div><p>b</p><span></span><p>c</p><p>d</p></div></body></html>';
    expect(xpathOf(first(html, 'div', 1))).toBe('/html[1]/body[1]/div[2]');
    expect(xpathOf(first(html, 'p', 0))).toBe('/html[1]/body[1]/p[1]');
    expect(xpathOf(first(html, 'p', 3))).toBe('/html[1]/body[1]/div[2]/p[3]');
    expect(xpathOf(first(html, 'span'))).toBe('/html[1]/body[1]/div[2]/span[1]');
  });

  it('adds the <html>, <head> and <body> a browser implies for a fragment', () => {
    const html = '<title>T</title><p>one</p><p>two</p>';
    expect(xpathOf(first(html, 'p', 1))).toBe('/html[1]/body[1]/p[2]');
    expect(xpathOf(first(html, 'title'))).toBe('/html[1]/head[1]/title[1]');
  });

  it('moves content written after </body> into the body, as the HTML parser does', () => {
    const html = '<html><head></head><body><p>in</p></body><p>late</p></html>';
    expect(xpathOf(first(html, 'p', 1))).toBe('/html[1]/body[1]/p[2]');
  });

  it('puts rows written directly in a <table> into the implied <tbody>', () => {
    const html = '<table><tr><td>a</td></tr><tr><td>b</td><td>c</td></tr></table>';
    expect(xpathOf(first(html, 'td', 2))).toBe('/html[1]/body[1]/table[1]/tbody[1]/tr[2]/td[2]');
  });

  it('keeps an explicit <thead>/<tbody> and starts a new implied <tbody> after them', () => {
    const html =
      '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>a</td></tr></tbody><tr><td>b</td></tr></table>';
    expect(xpathOf(first(html, 'th'))).toBe('/html[1]/body[1]/table[1]/thead[1]/tr[1]/th[1]');
    expect(xpathOf(first(html, 'td', 1))).toBe('/html[1]/body[1]/table[1]/tbody[2]/tr[1]/td[1]');
  });

  it('ignores the doctype and comments when counting', () => {
    const html = '<!DOCTYPE html><!-- c --><html><body><!-- x --><p>a</p></body></html>';
    expect(xpathOf(first(html, 'p'))).toBe('/html[1]/body[1]/p[1]');
  });

  it('spells prefixed element names with local-name()', () => {
    const html = '<body><fb:like></fb:like><fb:like></fb:like></body>';
    expect(xpathOf(first(html, 'fb:like', 1))).toBe(`/html[1]/body[1]/*[local-name()='fb:like'][2]`);
  });
});

describe('xpathLiteral', () => {
  it('quotes with whichever quote the value lacks, and uses concat() when it has both', () => {
    expect(xpathLiteral('plain')).toBe("'plain'");
    expect(xpathLiteral("it's")).toBe(`"it's"`);
    expect(xpathLiteral(`say "it's"`)).toBe(`concat('say "it', "'", 's"')`);
  });
});
