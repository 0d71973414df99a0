import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BenchPage } from './pages.js';

export interface BenchSite {
  readonly origin: string;
  close(): Promise<void>;
}

/** Serves the pages on loopback; a JS page's data comes after 20 ms, like a quick API. */
export async function serveBenchSite(pages: readonly BenchPage[]): Promise<BenchSite> {
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const data = new Map<string, string>();
  for (const page of pages) if (page.data !== null) data.set(`/data/${page.path.slice(3)}.json`, page.data);
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const page = byPath.get(path);
    if (page) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page.html);
      return;
    }
    const json = data.get(path);
    if (json !== undefined) {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(json), 20);
      return;
    }
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n');
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
