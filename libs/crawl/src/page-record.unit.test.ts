import { pageFileOf } from './page-record.js';

describe('pageFileOf', () => {
  it('names plain paths after the URL', () => {
    expect(pageFileOf('http://site.test/')).toBe('pages/site.test/index.md');
    expect(pageFileOf('http://site.test:8080/docs/intro')).toBe('pages/site.test_8080/docs/intro.md');
    expect(pageFileOf('https://site.test/a/b.html')).toBe('pages/site.test/a/b.html.md');
    expect(pageFileOf('https://site.test/a/')).toBe('pages/site.test/a/index.md');
  });

  it('gives URLs that would share a name (queries, odd characters, a page named index) their own file', () => {
    const files = [
      'http://site.test/list?page=2',
      'http://site.test/list?page=3',
      'http://site.test/a/index',
      'http://site.test/a/',
      'http://site.test/caf%C3%A9 menu',
      'http://site.test/../../etc/passwd',
    ].map(pageFileOf);
    expect(new Set(files).size).toBe(files.length);
    for (const f of files) {
      expect(f).toMatch(/^pages\/site\.test\/[A-Za-z0-9._/-]+\.md$/);
      expect(f.split('/')).not.toContain('..');
    }
  });
});
