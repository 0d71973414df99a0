import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import type { EventPayload, runCompleted, runNeedsInput } from '@forage/contracts';
import { ask } from './ask.js';
import { askAll, terminalAnswerer } from './prompt.js';

const runId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const now = new Date().toISOString();

const asked: EventPayload<typeof runNeedsInput> = {
  runId,
  reason: 'the form on http://shop.test/contact needs details the request does not give',
  url: 'http://shop.test/contact',
  questions: [
    { key: 'email', prompt: 'Email address?', kind: 'email', sensitive: false },
    { key: 'password', prompt: 'Password?', kind: 'password', sensitive: true },
  ],
  askedAt: now,
  waitsUntil: now,
};

const completed: EventPayload<typeof runCompleted> = {
  runId,
  outcome: 'no_answer',
  answer: null,
  failures: [{ claim: '', reason: 'test' }],
  completedAt: now,
  durationMs: 1,
};

/**
 * A gateway over real HTTP that streams a needs_input event, then waits for
 * POST /v1/runs/:id/input before it streams the completion.
 */
function gateway(): Promise<{ url: string; server: Server; inputs: unknown[] }> {
  const inputs: unknown[] = [];
  let finish: (() => void) | undefined;
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/v1/runs') {
      res.writeHead(202, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ runId, statusUrl: `/v1/runs/${runId}`, eventsUrl: `/v1/runs/${runId}/events` }),
      );
      return;
    }
    if (req.method === 'POST' && req.url === `/v1/runs/${runId}/input`) {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        inputs.push(JSON.parse(body));
        res.writeHead(202, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ accepted: true, detail: 'ok' }));
        finish?.();
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(`event: needs_input\ndata: ${JSON.stringify(asked)}\n\n`);
    finish = () => res.end(`event: completed\ndata: ${JSON.stringify(completed)}\n\n`);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, inputs });
    });
  });
}

describe('forage ask answers a run that needs input', () => {
  let gw: Awaited<ReturnType<typeof gateway>>;
  beforeAll(async () => {
    gw = await gateway();
  });
  afterAll(() => {
    gw.server.closeAllConnections();
    gw.server.close();
  });

  it('asks the questions, posts the answers to /v1/runs/:id/input and follows the run to its end', async () => {
    const lines: string[] = [];
    const done = await ask({
      gatewayUrl: gw.url,
      question: 'Log in on http://shop.test/contact',
      print: (l) => lines.push(l),
      answer: (q) =>
        askAll(q, (prompt) => Promise.resolve(prompt.includes('Email') ? 'ada@example.org' : 's3cret')),
    });
    expect(done.outcome).toBe('no_answer');
    expect(gw.inputs).toEqual([
      {
        answers: [
          { key: 'email', value: 'ada@example.org' },
          { key: 'password', value: 's3cret' },
        ],
        remember: true,
      },
    ]);
    expect(lines.join('\n')).toContain('the run needs input');
    expect(lines.join('\n')).not.toContain('s3cret');
  });

  it('asks nothing without a terminal, so a script is never stuck on a prompt', async () => {
    const input = Object.assign(new PassThrough(), { isTTY: false });
    const output = new PassThrough();
    expect(await terminalAnswerer({ input, output })(asked)).toEqual([]);
  });

  it('does not echo a sensitive answer typed on a terminal', async () => {
    const input = Object.assign(new PassThrough(), { isTTY: true });
    const output = new PassThrough();
    let shown = '';
    output.on('data', (c: Buffer) => (shown += c.toString()));
    const answering = terminalAnswerer({ input, output })(asked);
    setTimeout(() => input.write('ada@example.org\n'), 50);
    setTimeout(() => input.write('s3cret\n'), 150);
    expect(await answering).toEqual([
      { key: 'email', value: 'ada@example.org' },
      { key: 'password', value: 's3cret' },
    ]);
    expect(shown).toContain('Password? (kept as a secret, not shown)');
    expect(shown).not.toContain('s3cret');
  });
});
