import { compilePattern, scopeOf } from './scope.js';

describe('crawl scope', () => {
  const root = 'http://www.site.test/docs/';

  it('keeps to the start page origin by default', () => {
    const inScope = scopeOf({ root, sameSite: false, include: [], exclude: [] });
    expect(inScope('http://www.site.test/docs/a')).toEqual({ in: true });
    expect(inScope('http://www.site.test/other')).toEqual({ in: true });
    expect(inScope('http://shop.site.test/a')).toEqual({ in: false, why: 'another origin' });
    expect(inScope('https://www.site.test/docs/a')).toEqual({ in: false, why: 'another origin' });
    expect(inScope('mailto:x@site.test')).toEqual({ in: false, why: 'not http(s)' });
  });

  it('with --same-site also visits the site’s other hosts, never another site', () => {
    const inScope = scopeOf({ root, sameSite: true, include: [], exclude: [] });
    expect(inScope('http://shop.site.test/a').in).toBe(true);
    expect(inScope('http://site.test/a').in).toBe(true);
    expect(inScope('http://othersite.test/a')).toEqual({ in: false, why: 'another site' });
    expect(inScope('http://site.test.evil.test/a')).toEqual({ in: false, why: 'another site' });
  });

  it('narrows by include and exclude patterns but always keeps the start page', () => {
    const inScope = scopeOf({
      root,
      sameSite: false,
      include: ['/docs/*'],
      exclude: ['*/draft-*', '/\\.pdf$/'],
    });
    expect(inScope(root).in).toBe(true);
    expect(inScope('http://www.site.test/docs/guide').in).toBe(true);
    expect(inScope('http://www.site.test/blog/x')).toEqual({ in: false, why: 'not included' });
    expect(inScope('http://www.site.test/docs/draft-2')).toEqual({ in: false, why: 'excluded' });
    expect(inScope('http://www.site.test/docs/a.pdf')).toEqual({ in: false, why: 'excluded' });
  });

  it('matches a pattern that starts with http against the whole URL', () => {
    const p = compilePattern('http://www.site.test/docs/*');
    expect(p.test(new URL('http://www.site.test/docs/a?b=1'))).toBe(true);
    expect(p.test(new URL('http://www.site.test/blog/a'))).toBe(false);
  });
});
