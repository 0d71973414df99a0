import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A local HTTP server for integration tests; counts the TCP connections it accepts. */
export interface LocalServer {
  readonly port: number;
  readonly origin: string;
  readonly connections: () => number;
  /** Largest number of /slow requests that were open at the same time. */
  readonly peakSlow: () => number;
  close(): Promise<void>;
}

const html = (title: string, body: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

/** A page whose main content only exists after its scripts ran: at once, after a fetch, and late. */
const JS_PAGE = html(
  'Orlando hotels',
  `<h1>Orlando hotels</h1><ul id="list"></ul><p id="price"></p>
<script>
  document.getElementById('list').innerHTML = '<li>Rendered by script: Lakeside Inn</li>';
  fetch('/api/rooms.json').then((r) => r.json()).then((d) => {
    document.getElementById('price').textContent = 'Fetched price: $' + d.price + ' per night';
  });
  setTimeout(() => {
    const p = document.createElement('p');
    p.textContent = 'Late paragraph after 400 ms';
    document.body.appendChild(p);
  }, 400);
</script>`,
);

type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> | void;

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
}

function routes(state: { openSlow: number; peakSlow: number }): Record<string, Route> {
  return {
    '/js': (_req, res) => {
      send(res, 200, JS_PAGE);
    },
    '/api/rooms.json': async (_req, res) => {
      await sleep(150);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ price: 149 }));
    },
    '/forbidden': (_req, res) => {
      send(res, 403, html('Forbidden', '<h1>Access denied</h1><p>You do not have access.</p>'));
    },
    '/login': (_req, res) => {
      send(
        res,
        200,
        html(
          'Sign in',
          '<h1>Sign in</h1><form><input name="email"><input type="password" name="pw"><button>Go</button></form>',
        ),
      );
    },
    '/with-image': (_req, res, url) => {
      send(
        res,
        200,
        html('Image page', `<p>Text around an image</p><img src="${url.searchParams.get('src') ?? ''}">`),
      );
    },
    '/redirect': (_req, res, url) => {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/js' }).end();
    },
    '/slow': async (_req, res) => {
      state.openSlow++;
      state.peakSlow = Math.max(state.peakSlow, state.openSlow);
      await sleep(300);
      state.openSlow--;
      send(res, 200, html('Slow', '<p>slow page</p>'));
    },
    '/cookie/set': (_req, res) => {
      send(res, 200, html('Set', '<p>cookie set</p>'), { 'set-cookie': 'sid=session-a; Path=/' });
    },
    '/cookie/show': (req, res) => {
      send(res, 200, html('Show', `<p id="cookie">cookie=[${req.headers.cookie ?? ''}]</p>`));
    },
  };
}

/** Starts the fixture site (or, with no routes, a trap that only counts connections) on loopback. */
export async function startLocalServer(options: { trap?: boolean } = {}): Promise<LocalServer> {
  const state = { openSlow: 0, peakSlow: 0 };
  const table = routes(state);
  let connections = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = options.trap ? undefined : table[url.pathname];
    if (!route) {
      send(res, 404, html('Not found', '<p>nothing here</p>'));
      return;
    }
    void Promise.resolve(route(req, res, url)).catch(() => res.destroy());
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    connections: () => connections,
    peakSlow: () => state.peakSlow,
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
