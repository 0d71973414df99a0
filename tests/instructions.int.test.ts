import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startInProcessStack, waitAllHealthy, type InProcessStack } from './support/stack.js';
import { askOverHttp, type RunCompletion } from './support/runs.js';

/**
 * Instructions on a page the user gives (issue 27): the instruction's steps are grounded on the
 * page's own controls and carried out in real Chromium; what was done is judged by the pages' server
 * (what it received), not by the run's report. A step nothing on the page answers fails the task,
 * naming what the page offers, and the run acts nowhere else.
 */
const html = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

const PAGES: Record<string, string> = {
  '/order': html(
    'Order a poster',
    `<form method="post" action="/order/sent">
      <label for="n">Your name</label> <input id="n" name="name">
      <label for="s">Size</label> <select id="s" name="size"><option value="s">Small</option><option value="l">Large</option></select>
      <label><input type="checkbox" name="gift" value="yes"> Gift wrap</label>
      <label><input type="checkbox" name="news" value="yes"> Newsletter</label>
      <button type="submit">Place order</button></form>`,
  ),
  '/colours': html(
    'Pick a colour',
    `<p>Which colour do you like?</p>
     <button type="button" onclick="pick('Red')">Red</button>
     <button type="button" onclick="pick('Green')">Green</button>
     <button type="button" onclick="pick('Blue')">Blue</button>
     <p id="said" role="status"></p>
     <script>function pick(c){fetch('/picked?c='+c).then(()=>{document.getElementById('said').textContent='You picked '+c+'.';});}</script>`,
  ),
  '/signup': html(
    'Join the club',
    `<form method="get" action="/signup/confirm"><label for="e">Email</label> <input id="e" name="email" type="email">
     <button type="submit">Next</button></form>`,
  ),
};

describe('instructions acted on the page the user gives', () => {
  let server: Server;
  let origin: string;
  let stack: InProcessStack;
  const received: string[] = [];
  const runs = new Map<string, RunCompletion>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (url.pathname === '/order/sent' && req.method === 'POST') {
          received.push(`order ${body}`);
          res
            .writeHead(200, { 'content-type': 'text/html' })
            .end(html('Thank you', '<p role="status">Your order was placed.</p>'));
        } else if (url.pathname === '/picked') {
          received.push(`picked ${url.searchParams.get('c') ?? ''}`);
          res.writeHead(204).end();
        } else if (url.pathname === '/signup/confirm') {
          const email = url.searchParams.get('email') ?? '';
          res
            .writeHead(200, { 'content-type': 'text/html' })
            .end(
              html(
                'Confirm your email',
                `<p>We will write to ${email}.</p><form method="post" action="/signup/done"><input type="hidden" name="email" value="${email}"><button type="submit">Confirm</button></form>`,
              ),
            );
        } else if (url.pathname === '/signup/done' && req.method === 'POST') {
          received.push(`signup ${body}`);
          res
            .writeHead(200, { 'content-type': 'text/html' })
            .end(html('Welcome', '<p role="status">You are signed up.</p>'));
        } else if (PAGES[url.pathname]) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGES[url.pathname]);
        } else res.writeHead(404).end('not found');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    stack = await startInProcessStack({ allowOrigins: [origin] });
    await waitAllHealthy(stack.services);
    const ask = async (key: string, path: string, instruction: string): Promise<void> => {
      runs.set(
        key,
        (await askOverHttp(stack.gatewayUrl, instruction, { urls: [`${origin}${path}`] })).completed,
      );
    };
    await ask(
      'order',
      '/order',
      'Type "Ada Lovelace" into the name field, choose "Large" from the size menu, tick "Gift wrap" and submit',
    );
    await ask('colour', '/colours', 'Please click the "Green" button');
    await ask(
      'two-pages',
      '/signup',
      'Enter ana@example.org in the email field and click Next, then press the "Confirm" button',
    );
    await ask('missing', '/colours', 'Click the "Checkout" button');
  }, 400_000);

  afterAll(async () => {
    await stack.stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }, 60_000);

  it('fills, chooses, ticks and submits as told, and reports the confirmation the site showed', () => {
    expect(received.filter((r) => r.startsWith('order'))).toEqual([
      'order name=Ada+Lovelace&size=l&gift=yes',
    ]);
    const run = runs.get('order');
    expect(run?.outcome).toBe('answered');
    expect(run?.answer?.text).toMatch(/order was placed/i);
  });

  it('clicks the button the instruction names, and only that one', () => {
    expect(received.filter((r) => r.startsWith('picked'))).toEqual(['picked Green']);
    const run = runs.get('colour');
    expect({ outcome: run?.outcome, failures: run?.failures }).toEqual({ outcome: 'answered', failures: [] });
    expect(run?.answer?.text).toMatch(/You picked Green/);
  });

  it('grounds the later steps on the page the earlier ones lead to', () => {
    expect(received.filter((r) => r.startsWith('signup'))).toEqual(['signup email=ana%40example.org']);
    expect(runs.get('two-pages')?.outcome).toBe('answered');
  });

  it('fails a step nothing on the page answers, naming what the page offers, and acts nowhere else', () => {
    const run = runs.get('missing');
    expect(run?.outcome).toBe('failed');
    expect(run?.failures.map((f) => f.reason).join(' ')).toMatch(
      /no button named "Checkout".*"Green" \(button\)/,
    );
    // the colour test's click is the only one the colour page ever received
    expect(received.filter((r) => r.startsWith('picked'))).toHaveLength(1);
  });
});
