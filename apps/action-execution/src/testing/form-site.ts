import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local site with forms, for integration tests: it records every submission it receives. */
export interface FormSite {
  readonly origin: string;
  /** Bodies of POST /submit, in arrival order. */
  readonly submissions: Record<string, string>[];
  /** Every request path seen, in order. */
  readonly hits: string[];
  /** The most requests for /slow the site was answering at once. */
  readonly slowPeak: () => number;
  close(): Promise<void>;
}

const page = (title: string, body: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

const CONTACT_FORM = page(
  'Contact',
  `<form method="post" action="/submit">
    <label>Name <input id="name" name="name" oninput="document.getElementById('echo').textContent = this.value"></label>
    <output id="echo"></output>
    <label>Card <input id="card" name="card" type="password" oninput="document.getElementById('card-echo').textContent = 'card ' + this.value"></label>
    <p id="card-echo"></p>
    <label>Country <select id="country" name="country"><option value="">-</option><option value="fr">France</option><option value="de">Germany</option></select></label>
    <label><input id="terms" type="checkbox" name="terms" value="yes"> I agree</label>
    <button type="submit">Send</button>
  </form>`,
);

/** A field that cuts what is typed at 100 characters, and a page that echoes the trimmed value. */
const LIMITED_FORM = page(
  'Limited',
  `<form method="post" action="/submit">
    <label>Token <input id="limited" name="limited" maxlength="100" oninput="document.getElementById('limited-echo').textContent = 'token ' + this.value.trim()"></label>
    <p id="limited-echo"></p>
    <label>Note <textarea id="note" name="note" oninput="document.getElementById('note-echo').textContent = this.value.trim()"></textarea></label>
    <div id="note-echo"></div>
    <button type="submit">Send</button>
  </form>`,
);

/** Controls for each kind of action and outcome: dialogs, disabled, file input, hover, live region, validation. */
const WIDGETS = page(
  'Widgets',
  `<button id="save" onclick="alert('Saved!')">Save</button>
  <button id="off" disabled>Off</button>
  <label>Attachment <input type="file" id="file" onchange="document.getElementById('picked').textContent = 'picked ' + this.files[0].name"></label>
  <p id="picked"></p>
  <label><input type="checkbox" id="opt" checked onchange="document.getElementById('opt-state').textContent = this.checked ? 'subscribed' : 'unsubscribed'"> Newsletter</label>
  <p id="opt-state"></p>
  <span id="hint" onmouseover="document.getElementById('tip').hidden = false">?</span>
  <div id="tip" hidden>Hints appear on hover</div>
  <p role="status" id="status"></p>
  <button id="update" onclick="document.getElementById('status').textContent = 'Updated 3 items'">Update</button>
  <form action="/submit" method="post"><label>Email <input id="email" name="email" type="email" required></label><button id="send">Send</button></form>
  <div id="shadow-host"></div><p id="shadow-state"></p>
  <script>document.getElementById('shadow-host').attachShadow({ mode: 'open' }).innerHTML = '<button id="inner" onclick="document.getElementById(&quot;shadow-state&quot;).textContent = &quot;inner pressed&quot;">Inner</button>';</script>`,
);

const SEARCH_FORM = page(
  'Search',
  `<form method="get" action="/results"><input id="q" name="q"><button type="submit">Search</button></form>`,
);

interface SiteOptions {
  deniedOrigin?: string;
  slowMs?: number;
  /** Served as /robots.txt (404 when unset). */
  robots?: string;
}

/**
 * Starts the site on a free loopback port. `deniedOrigin` is where /leave redirects to and
 * where /outbound's form posts, to prove the guard stops requests to non-allowlisted origins.
 */
export async function startFormSite(options: SiteOptions = {}): Promise<FormSite> {
  const submissions: Record<string, string>[] = [];
  const hits: string[] = [];
  const slow = { now: 0, peak: 0 };
  const server = createServer((req, res) => {
    hits.push(`${req.method ?? 'GET'} ${req.url ?? '/'}`);
    if (req.url?.startsWith('/slow')) {
      slow.now += 1;
      slow.peak = Math.max(slow.peak, slow.now);
      res.once('close', () => (slow.now -= 1));
    }
    void route({ req, res, submissions, options });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    submissions,
    hits,
    slowPeak: () => slow.peak,
    close: () => closeServer(server),
  };
}

interface Answer {
  readonly status: number;
  readonly body: string;
  readonly location?: string;
}

async function route(input: {
  req: IncomingMessage;
  res: ServerResponse;
  submissions: Record<string, string>[];
  options: SiteOptions;
}): Promise<void> {
  const answer = await answerFor(input);
  input.res.writeHead(answer.status, {
    'content-type': 'text/html; charset=utf-8',
    ...(answer.location ? { location: answer.location } : {}),
  });
  input.res.end(answer.body);
}

async function answerFor(input: {
  req: IncomingMessage;
  submissions: Record<string, string>[];
  options: SiteOptions;
}): Promise<Answer> {
  const { req, submissions, options } = input;
  const url = new URL(req.url ?? '/', 'http://local');
  if (req.method === 'POST' && url.pathname === '/submit') {
    submissions.push(Object.fromEntries(new URLSearchParams(await readBody(req))));
    return { status: 200, body: page('Thanks', '<p id="thanks">Thank you, we received your message.</p>') };
  }
  switch (url.pathname) {
    case '/robots.txt':
      return options.robots === undefined ? { status: 404, body: '' } : { status: 200, body: options.robots };
    case '/links':
      return {
        status: 200,
        body: page('Links', '<a href="/form">Contact form</a> <a href="/search">Search</a>'),
      };
    case '/form':
      return { status: 200, body: CONTACT_FORM };
    case '/search':
      return { status: 200, body: SEARCH_FORM };
    case '/widgets':
      return { status: 200, body: WIDGETS };
    case '/limited':
      return { status: 200, body: LIMITED_FORM };
    case '/results':
      return {
        status: 200,
        body: page('Results', `<p id="results">Results for ${escape(url.searchParams.get('q') ?? '')}</p>`),
      };
    case '/slow':
      await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 1_500));
      return { status: 200, body: page('Slow', '<p>finally</p>') };
    case '/leave':
      return { status: 302, body: '', location: `${options.deniedOrigin ?? 'http://127.0.0.1:9'}/internal` };
    case '/outbound':
      return {
        status: 200,
        body: page(
          'Outbound',
          `<form method="post" action="${options.deniedOrigin ?? ''}/collect"><button>Go</button></form>`,
        ),
      };
    default:
      return { status: 404, body: page('Not found', '<p>not found</p>') };
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      resolve(body);
    });
    req.on('error', reject);
  });
}

function escape(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) => {
    server.close((err) => {
      if (err) reject(err);
      else resolve();
    });
  });
}
