import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import * as pages from './fixture-pages.js';

/** One request as the server saw it. */
export interface SeenRequest {
  readonly path: string;
  readonly at: number;
  readonly userAgent: string;
}

/** A local HTTP server for integration tests; it counts connections and logs every request. */
export interface LocalServer {
  readonly port: number;
  readonly origin: string;
  readonly connections: () => number;
  /** Largest number of /slow and /hold requests that were open at the same time. */
  readonly peakSlow: () => number;
  /** Every request so far, oldest first. */
  readonly requests: () => readonly SeenRequest[];
  /** Answers for paths the test sets itself (robots.txt variants, status pages). */
  readonly override: (path: string, answer: Answer) => void;
  close(): Promise<void>;
}

export interface Answer {
  readonly status: number;
  readonly body: string;
  readonly headers?: Record<string, string>;
  readonly delayMs?: number;
}

type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> | void;

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
}

const page =
  (body: string, status = 200, headers: Record<string, string> = {}): Route =>
  (_req, res) => {
    send(res, status, body, headers);
  };

function routes(state: { openSlow: number; peakSlow: number }): Record<string, Route> {
  /**
   * Answers after `ms`. With `together`, a request first waits (up to 5 s) until that many are
   * open, so a bound on concurrency shows as a peak even on a machine too loaded to overlap them.
   */
  const together = (url: URL): number => Number(url.searchParams.get('together') ?? '1');
  const held = async (ms: number, res: ServerResponse, company: number): Promise<void> => {
    state.openSlow++;
    state.peakSlow = Math.max(state.peakSlow, state.openSlow);
    const until = Date.now() + 5_000;
    while (state.openSlow < company && Date.now() < until) await sleep(20);
    await sleep(ms);
    state.openSlow--;
    send(res, 200, pages.html('Slow', '<p>slow page</p>'));
  };
  return {
    '/js': page(pages.JS_PAGE),
    '/api/rooms.json': async (_req, res) => {
      await sleep(150);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ price: 149 }));
    },
    '/shadow': page(pages.SHADOW_PAGE),
    '/frames': page(pages.FRAMES_PAGE),
    '/frame-inner': page(pages.FRAME_INNER),
    '/scripted': page(pages.SCRIPTED_PAGE),
    '/article': page(pages.ARTICLE_PAGE),
    '/forbidden': page(pages.html('Forbidden', '<h1>Access denied</h1><p>You do not have access.</p>'), 403),
    '/unavailable': page(pages.html('Unavailable', '<h1>Service unavailable</h1>'), 503),
    '/too-many': page(pages.html('Slow down', '<h1>Too many requests</h1>'), 429),
    '/captcha': page(pages.CAPTCHA_PAGE),
    '/challenge': page(pages.CHALLENGE_PAGE, 503),
    '/login': page(pages.LOGIN_PAGE),
    '/members': page(pages.MEMBERS_PAGE),
    '/account/login': page(pages.html('Account', '<p>Use your company account to continue.</p>')),
    '/private-report': (_req, res) => {
      res.writeHead(302, { location: '/account/login?next=/private-report' }).end();
    },
    '/with-image': (_req, res, url) => {
      send(
        res,
        200,
        pages.html(
          'Image page',
          `<p>Text around an image</p><img src="${url.searchParams.get('src') ?? ''}">`,
        ),
      );
    },
    /** Commits at once, but its load event waits for an image that takes `ms` (crash tests hit it meanwhile). */
    '/loading': (_req, res, url) => {
      const ms = url.searchParams.get('ms') ?? '1500';
      send(res, 200, pages.html('Loading', `<p>Still loading</p><img src="/slow-image?ms=${ms}">`));
    },
    '/slow-image': async (_req, res, url) => {
      await sleep(Number(url.searchParams.get('ms') ?? '1500'));
      res.writeHead(200, { 'content-type': 'image/gif' }).end(Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'));
    },
    '/redirect': (_req, res, url) => {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/js' }).end();
    },
    '/slow': (_req, res, url) => held(300, res, together(url)),
    '/hold': (_req, res, url) => held(Number(url.searchParams.get('ms') ?? '200'), res, together(url)),
    '/cookie/set': (_req, res) => {
      send(res, 200, pages.html('Set', '<p>cookie set</p>'), { 'set-cookie': 'sid=session-a; Path=/' });
    },
    '/cookie/show': (req, res) => {
      send(res, 200, pages.html('Show', `<p id="cookie">cookie=[${req.headers.cookie ?? ''}]</p>`));
    },
  };
}

/** Starts the fixture site (or, with no routes, a trap that only counts connections) on loopback. */
export async function startLocalServer(
  options: { trap?: boolean; host?: string } = {},
): Promise<LocalServer> {
  const state = { openSlow: 0, peakSlow: 0 };
  const table = routes(state);
  const overrides = new Map<string, Answer>();
  const seen: SeenRequest[] = [];
  let connections = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    seen.push({
      path: `${url.pathname}${url.search}`,
      at: Date.now(),
      userAgent: req.headers['user-agent'] ?? '',
    });
    const answer = options.trap ? undefined : overrides.get(url.pathname);
    if (answer) {
      void sleep(answer.delayMs ?? 0).then(() => {
        res
          .writeHead(answer.status, { 'content-type': 'text/plain; charset=utf-8', ...answer.headers })
          .end(answer.body);
      });
      return;
    }
    const route = options.trap ? undefined : table[url.pathname];
    if (!route) {
      send(res, 404, pages.html('Not found', '<p>nothing here</p>'));
      return;
    }
    void Promise.resolve(route(req, res, url)).catch(() => res.destroy());
  });
  server.on('connection', () => connections++);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://${host}:${port}`,
    connections: () => connections,
    peakSlow: () => state.peakSlow,
    requests: () => seen,
    override: (path, answer) => overrides.set(path, answer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** A loopback port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
  return port;
}
