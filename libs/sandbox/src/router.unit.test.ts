import { describe, expect, it } from '@jest/globals';
import { generateSandbox, siteOf } from './generate.js';
import { respond } from './router.js';

const web = generateSandbox();
const wiki = siteOf(web, 'wiki');
const at = (path: string): URL => new URL(path, 'http://127.0.0.1:4100');

describe('sandbox router', () => {
  it('serves static pages with their content type', () => {
    const response = respond(wiki, { method: 'GET', url: at('/') });
    expect(response).toMatchObject({ status: 200, contentType: 'text/html; charset=utf-8' });
  });

  it('answers HEAD exactly like GET (the server drops the body)', () => {
    expect(respond(wiki, { method: 'HEAD', url: at('/about') })).toEqual(
      respond(wiki, { method: 'GET', url: at('/about') }),
    );
  });

  it('answers 404 with a site-styled page for unknown paths', () => {
    const response = respond(wiki, { method: 'GET', url: at('/wiki/Atlantis') });
    expect(response.status).toBe(404);
    expect(response.body).toContain('<h1>Page not found</h1>');
    expect(response.body).toContain('Sandpedia');
  });

  it('answers 405 with an Allow header for a method a page does not accept', () => {
    const response = respond(wiki, { method: 'POST', url: at('/about') });
    expect(response.status).toBe(405);
    expect(response.headers).toEqual({ allow: 'GET, HEAD' });
  });

  it('redirects a path missing its trailing slash', () => {
    expect(respond(wiki, { method: 'GET', url: at('/private') })).toMatchObject({
      status: 301,
      headers: { location: '/private/' },
    });
  });

  it('decodes percent-encoded paths', () => {
    expect(respond(wiki, { method: 'GET', url: at('/wiki/List%5Fof%5Fcities') }).status).toBe(200);
  });

  it('renders robots.txt and sitemap.xml for the origin the request came to', () => {
    const robots = respond(wiki, { method: 'GET', url: at('/robots.txt') });
    expect(robots).toMatchObject({ status: 200, contentType: 'text/plain; charset=utf-8' });
    expect(robots.body).toContain('Sitemap: http://127.0.0.1:4100/sitemap.xml');
    const sitemap = respond(wiki, { method: 'GET', url: at('/sitemap.xml') });
    expect(sitemap.contentType).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toContain('<loc>http://127.0.0.1:4100/wiki/List_of_cities</loc>');
  });
});
