import { describe, expect, it } from '@jest/globals';
import { publicPaths, renderRobots, renderSitemap } from './discovery.js';
import { generateSandbox, siteOf } from './generate.js';

const ORIGIN = 'http://127.0.0.1:4100';
const web = generateSandbox();

function sitemapUrls(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
}

describe('robots.txt', () => {
  it('allows every agent everywhere except /private/ and points at the sitemap', () => {
    expect(renderRobots(ORIGIN)).toBe(
      `User-agent: *\nDisallow: /private/\n\nSitemap: ${ORIGIN}/sitemap.xml\n`,
    );
  });
});

describe('sitemap.xml', () => {
  it.each(web.sites.map((s) => [s.name, s] as const))(
    'lists every public HTML page of %s as an absolute URL',
    (_name, site) => {
      const urls = sitemapUrls(renderSitemap(site, ORIGIN));
      const expected = [...site.pages.values()]
        .filter((p) => p.contentType.startsWith('text/html') && p.listed !== false)
        .map((p) => ORIGIN + p.path);
      expect(urls.sort()).toEqual(expected.sort());
      expect(urls).toContain(`${ORIGIN}/`);
    },
  );

  it.each(web.sites.map((s) => [s.name, s] as const))(
    'never lists /private/ pages or the login wall of %s',
    (_name, site) => {
      const paths = sitemapUrls(renderSitemap(site, ORIGIN)).map((u) => new URL(u).pathname);
      expect(site.pages.has('/private/')).toBe(true);
      expect(paths.filter((p) => p.startsWith('/private/'))).toEqual([]);
      expect(paths).not.toContain('/account');
    },
  );

  it('is well-formed sitemap XML', () => {
    const xml = renderSitemap(siteOf(web, 'shop'), ORIGIN);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml.trim().endsWith('</urlset>')).toBe(true);
  });

  it('covers the articles of the wiki', () => {
    // home + 3 lists + 5 region categories + 25 countries + 40 cities + about + privacy
    expect(publicPaths(siteOf(web, 'wiki'))).toHaveLength(1 + 3 + 5 + 25 + 40 + 2);
  });
});
