import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One local page with a button that counts its clicks and a text field, served on loopback. */
export const ACTION_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Bench form</title></head><body>
<main><h1>Bench form</h1>
<form onsubmit="return false"><label for="q">Query</label> <input id="q" name="q">
<button id="go" type="button" onclick="document.getElementById('count').textContent = String(Number(document.getElementById('count').textContent) + 1)">Count</button>
<p>Clicked <span id="count">0</span> times</p></form>
${Array.from({ length: 40 }, (_, i) => `<section><h2>Section ${i + 1}</h2><p>${'Filler text for a page of ordinary size. '.repeat(12)}</p></section>`).join('\n')}
</main></body></html>`;

export interface ActionSite {
  readonly url: string;
  close(): Promise<void>;
}

export async function serveActionPage(): Promise<ActionSite> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(ACTION_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/form`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}
