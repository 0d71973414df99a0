import { readLanguage, readLinks } from './links.js';

describe('readLinks', () => {
  it('resolves relative links against the page, drops fragments, keeps each page once in order', () => {
    const html = `<html><body><a href="/b">b</a><a href="c?x=1#top">c</a><a href="/b#again">b</a>
      <a href="#local">here</a><map><area href="https://other.example/d"></map></body></html>`;
    expect(readLinks(html, 'http://site.test/dir/page')).toEqual([
      'http://site.test/b',
      'http://site.test/dir/c?x=1',
      'https://other.example/d',
    ]);
  });

  it('honours <base href> and leaves out non-http links and downloads', () => {
    const html = `<head><base href="http://cdn.test/root/"></head><body><a href="x">x</a>
      <a href="mailto:a@b.test">m</a><a href="javascript:void 0">j</a><a href="/f.zip" download>f</a></body>`;
    expect(readLinks(html, 'http://site.test/')).toEqual(['http://cdn.test/root/x']);
  });

  it('stops at the limit it is given', () => {
    const html = Array.from({ length: 20 }, (_, i) => `<a href="/p${i}">p</a>`).join('');
    expect(readLinks(html, 'http://site.test/', 5)).toHaveLength(5);
  });
});

describe('readLanguage', () => {
  it('reads <html lang> as a lower-case tag and ignores what is not one', () => {
    expect(readLanguage('<html lang="de-CH"><body>x</body></html>')).toBe('de-ch');
    expect(readLanguage('<html lang="not a tag"><body>x</body></html>')).toBeUndefined();
    expect(readLanguage('<p>none</p>')).toBeUndefined();
  });
});
