import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EgressProbe } from './egress-probes.js';

/**
 * The allowed site the egress probes start from: `/ok` is a plain page, `/redirect?to=…&code=…`
 * redirects anywhere, `/robots.txt` is missing (allow all), and a `page` probe is served at the
 * path `urlOf` gives it.
 */
export interface ProbeSite {
  readonly origin: string;
  /** Where to point a browser for `probe` (its own URL, or the page serving its HTML). */
  urlOf(probe: EgressProbe, index: number): string;
  stop(): Promise<void>;
}

export async function startProbeSite(): Promise<ProbeSite> {
  const pages = new Map<string, string>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/redirect') {
      const code = Number(url.searchParams.get('code') ?? 302);
      res.writeHead(code, { location: url.searchParams.get('to') ?? '/' }).end();
      return;
    }
    const html =
      url.pathname === '/ok'
        ? '<!doctype html><title>ok</title><p>allowed page</p>'
        : pages.get(url.pathname);
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html' }).end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    urlOf(probe, index) {
      if (probe.kind === 'navigate') return probe.url;
      pages.set(`/probe/${index}`, probe.html);
      return `${origin}/probe/${index}`;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
