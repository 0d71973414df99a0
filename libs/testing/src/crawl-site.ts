import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A generated site for crawl tests and the crawl benchmark: a start page, `sections` sections of
 * `items` items each (depth 2), a page further down from each section (depth 3), a page per
 * section under /skip/, a page only the sitemap lists, a page behind a 403 and one that
 * robots.txt disallows. Every GET is counted by path.
 */
export interface CrawlTestSite {
  readonly origin: string;
  /** GETs by path (query included). */
  readonly requests: Map<string, number>;
  /** The pages a depth-2 crawl that excludes /skip/* writes. */
  readonly contentPaths: readonly string[];
  stop(): Promise<void>;
}

const page = (title: string, body: string, lang = 'en'): string =>
  `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body>
<nav><a href="/">Home</a> <a href="/section/0/">First section</a></nav>
<main><h1>${title}</h1>${body}</main><footer><a href="/">Home</a></footer></body></html>`;

const words = [
  'amber',
  'basalt',
  'cedar',
  'delta',
  'ember',
  'fjord',
  'garnet',
  'harbor',
  'indigo',
  'juniper',
];
const prose = (seed: number): string =>
  Array.from({ length: 6 }, (_, i) => {
    const w = (k: number) => words[(seed * 7 + i * 3 + k) % words.length] ?? 'x';
    return `<p>Entry ${seed}.${i} describes the ${w(0)} ${w(1)} near the ${w(2)} ${w(3)}, recorded in volume ${seed + i} with ${w(4)} notes.</p>`;
  }).join('');

export async function startCrawlTestSite(input: { sections: number; items: number }): Promise<CrawlTestSite> {
  const { sections, items } = input;
  const requests = new Map<string, number>();
  const pages = new Map<string, { status: number; type: string; body: string }>();
  const html = (path: string, body: string, status = 200) =>
    pages.set(path, { status, type: 'text/html', body });
  const sectionLinks = Array.from(
    { length: sections },
    (_, s) => `<li><a href="/section/${s}/">Section ${s}</a></li>`,
  );
  html(
    '/',
    page(
      'Field archive',
      `<p>The archive is organised in sections.</p><ul>${sectionLinks.join('')}</ul>
       <p><a href="/private/ledger">Ledger</a> <a href="/members">Members</a> <a href="mailto:desk@archive.test">Write</a></p>`,
    ),
  );
  const contentPaths = ['/', '/orphan'];
  for (let s = 0; s < sections; s++) {
    const itemLinks = Array.from(
      { length: items },
      (_, i) => `<li><a href="/section/${s}/item/${i}">Item ${s}-${i}</a></li>`,
    );
    html(
      `/section/${s}/`,
      page(
        `Section ${s}`,
        `<p>Section ${s} holds ${items} items.</p><ul>${itemLinks.join('')}</ul><a href="/skip/${s}">Drafts</a>`,
      ),
    );
    contentPaths.push(`/section/${s}/`);
    for (let i = 0; i < items; i++) {
      const next = `/section/${s}/item/${(i + 1) % items}`;
      html(
        `/section/${s}/item/${i}`,
        page(
          `Item ${s}-${i}`,
          `${prose(s * items + i)}<p><a href="${next}">Next item</a> <a href="/deep/${s}/${i}#notes">Notes</a></p>`,
        ),
      );
      contentPaths.push(`/section/${s}/item/${i}`);
      html(`/deep/${s}/${i}`, page(`Notes ${s}-${i}`, prose(i + 1000)));
    }
    html(`/skip/${s}`, page(`Drafts ${s}`, '<p>Unfinished drafts.</p>'));
  }
  html('/orphan', page('Orphan page', '<p>Only the sitemap lists this page about the cedar harbor.</p>'));
  html('/members', page('Members only', '<p>Access denied. You do not have permission.</p>'), 403);
  html('/private/ledger', page('Ledger', '<p>Not for robots.</p>'));

  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.set(path, (requests.get(path) ?? 0) + 1);
    if (path === '/robots.txt')
      return void res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(`User-agent: *\nDisallow: /private/\nSitemap: ${origin}/sitemap.xml\n`);
    if (path === '/sitemap.xml')
      return void res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          `<?xml version="1.0"?><urlset><url><loc>${origin}/</loc></url><url><loc>${origin}/orphan</loc></url></urlset>`,
        );
    const found = pages.get(path);
    if (!found) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    res.writeHead(found.status, { 'content-type': `${found.type}; charset=utf-8` }).end(found.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    contentPaths,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) =>
        server.close(() => {
          r();
        }),
      );
    },
  };
}
