import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PageSite {
  readonly origin: string;
  /** the loopback URL of a page by its id */
  urlOf(id: string): string;
  close(): Promise<void>;
}

/** Serves each page's stored HTML at `/p/<id>` on loopback; everything else is a 404. */
export async function servePages(pages: ReadonlyMap<string, string>): Promise<PageSite> {
  const server: Server = createServer((req, res) => {
    const id = /^\/p\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    const html = id === undefined ? undefined : pages.get(id);
    if (html === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return {
    origin,
    urlOf: (id) => `${origin}/p/${id}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
