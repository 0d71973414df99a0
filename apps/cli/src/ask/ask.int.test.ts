import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ask, AskError } from './ask.js';

const runId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';

/** A real HTTP server that accepts the run and then goes silent, or keeps the stream alive forever. */
function gateway(mode: 'silent' | 'keep-alive'): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.method === 'POST') {
      res.writeHead(202, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ runId, statusUrl: `/v1/runs/${runId}`, eventsUrl: `/v1/runs/${runId}/events` }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(': forage run events\n\n');
    if (mode === 'keep-alive') {
      const timer = setInterval(() => res.write(': keep-alive\n\n'), 20);
      res.on('close', () => {
        clearInterval(timer);
      });
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server });
    });
  });
}

describe('forage ask never waits forever', () => {
  const servers: Server[] = [];
  afterAll(() => {
    for (const s of servers) s.closeAllConnections();
    for (const s of servers) s.close();
  });

  it('gives up when the event stream goes silent', async () => {
    const { url, server } = await gateway('silent');
    servers.push(server);
    const failure = ask({ gatewayUrl: url, question: 'q?', print: () => undefined, idleMs: 300 });
    await expect(failure).rejects.toThrow(AskError);
    await expect(failure).rejects.toThrow(/sent nothing for 0.3 s while following run/);
  });

  it('gives up at the deadline even while keep-alives keep arriving', async () => {
    const { url, server } = await gateway('keep-alive');
    servers.push(server);
    const failure = ask({
      gatewayUrl: url,
      question: 'q?',
      print: () => undefined,
      idleMs: 5_000,
      deadlineMs: 400,
    });
    await expect(failure).rejects.toThrow(`run ${runId} did not complete within 0.4 s`);
  });
});
