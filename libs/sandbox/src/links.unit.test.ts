import { describe, expect, it } from '@jest/globals';
import { Parser } from 'htmlparser2';
import { generateSandbox } from './generate.js';
import { respond } from './router.js';
import type { SiteContent } from './types.js';

const ORIGIN = 'http://sandbox.test';
const web = generateSandbox();

interface PageReference {
  readonly from: string;
  readonly attribute: 'href' | 'src' | 'action';
  readonly value: string;
  readonly method: string;
}

/** Every href, src and form action in a document, with the method a browser would use. */
function referencesIn(from: string, body: string): PageReference[] {
  const found: PageReference[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (attributes.href !== undefined)
        found.push({ from, attribute: 'href', value: attributes.href, method: 'GET' });
      if (attributes.src !== undefined)
        found.push({ from, attribute: 'src', value: attributes.src, method: 'GET' });
      if (name === 'form')
        found.push({
          from,
          attribute: 'action',
          value: attributes.action ?? from,
          method: (attributes.method ?? 'get').toUpperCase(),
        });
    },
  });
  parser.end(body);
  return found;
}

/** Follows every GET link from "/" through the router (static and dynamic pages alike). */
function crawl(site: SiteContent): { visited: Set<string>; references: PageReference[] } {
  const visited = new Set<string>();
  const references: PageReference[] = [];
  const queue = ['/'];
  while (queue.length > 0) {
    const target = queue.shift() ?? '/';
    if (visited.has(target)) continue;
    visited.add(target);
    const response = respond(site, { method: 'GET', url: new URL(target, ORIGIN) });
    if (!response.contentType.startsWith('text/html')) continue;
    for (const ref of referencesIn(target, response.body)) {
      references.push(ref);
      const url = new URL(ref.value, ORIGIN + target);
      if (url.origin === ORIGIN && ref.method === 'GET' && ref.attribute !== 'action')
        queue.push(url.pathname + url.search);
    }
  }
  return { visited, references };
}

describe.each(web.sites.map((s) => [s.name, s] as const))('links of %s', (_name, site) => {
  const { visited, references } = crawl(site);

  it('resolve every internal link to a page that answers 200', () => {
    const broken = [...visited]
      .map((target) => ({
        target,
        status: respond(site, { method: 'GET', url: new URL(target, ORIGIN) }).status,
      }))
      .filter((r) => r.status !== 200);
    expect(broken).toEqual([]);
  });

  it('point only at this origin (no external requests) using root-relative URLs or fragments', () => {
    const outside = references.filter((r) => !r.value.startsWith('/') && !r.value.startsWith('#'));
    expect(outside).toEqual([]);
  });

  it('submit every form to a route that accepts its method', () => {
    const forms = references.filter((r) => r.attribute === 'action');
    for (const form of forms) {
      const status = respond(site, {
        method: form.method,
        url: new URL(form.value, ORIGIN),
        contentType: 'application/x-www-form-urlencoded',
        body: '',
      }).status;
      expect({ form: form.value, method: form.method, allowed: status !== 404 && status !== 405 }).toEqual({
        form: form.value,
        method: form.method,
        allowed: true,
      });
    }
  });

  it('reach every page listed in the sitemap from the home page', () => {
    const listed = [...site.pages.values()]
      .filter((p) => p.contentType.startsWith('text/html') && p.listed !== false)
      .map((p) => p.path);
    expect(listed.filter((path) => !visited.has(path))).toEqual([]);
  });
});
