import { parseSitemap } from './sitemap.js';

describe('parseSitemap', () => {
  it('lists the pages of a urlset, unescaped', () => {
    const xml = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url><loc> http://site.test/a?x=1&amp;y=2 </loc><lastmod>2026-01-01</lastmod></url>
      <url><loc><![CDATA[http://site.test/b]]></loc></url></urlset>`;
    expect(parseSitemap(xml)).toEqual({
      kind: 'urlset',
      locations: ['http://site.test/a?x=1&y=2', 'http://site.test/b'],
    });
  });

  it('recognises a sitemap index', () => {
    const xml = '<sitemapindex><sitemap><loc>http://site.test/s1.xml</loc></sitemap></sitemapindex>';
    expect(parseSitemap(xml)).toEqual({ kind: 'index', locations: ['http://site.test/s1.xml'] });
  });
});
