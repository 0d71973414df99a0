import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { runCompleted } from '@forage/contracts';
import { tempDir } from '@forage/testing';
import { writeStackState } from '../stack/state-file.js';

const cli = join(import.meta.dirname, '..', '..', 'dist', 'main.js');
const runId = '0b5c3f1e-2a4d-4e6f-8a9b-1c2d3e4f5a6b';

/** A gateway that accepts a run and sends its completion only when told (so the test controls the timing). */
// `streams` holds the event streams still open; complete() ends them
async function startGateway() {
  const streams: ServerResponse[] = [];
  const bodies: unknown[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'POST') {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        bodies.push(JSON.parse(text));
        res.writeHead(202, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ runId, statusUrl: `/v1/runs/${runId}`, eventsUrl: `/v1/runs/${runId}/events` }),
        );
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(': forage run events\n\n');
    streams.push(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const complete = (): void => {
    const done = runCompleted.payload.parse({
      runId,
      outcome: 'no_answer',
      answer: null,
      failures: [{ claim: 'x'.repeat(200), reason: 'no page said so' }],
      completedAt: new Date().toISOString(),
      durationMs: 12,
    });
    for (const res of streams.splice(0)) res.end(`event: completed\ndata: ${JSON.stringify(done)}\n\n`);
  };
  return {
    port: (server.address() as AddressInfo).port,
    bodies,
    complete,
    waitForStream: async () => {
      while (streams.length === 0) await new Promise((r) => setTimeout(r, 20));
    },
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/**
 * The built CLI as a shell runs it: `--port` and FORAGE_URL beat a stack.json that names another
 * gateway, `--url` is sent with the question, and a reader that goes away (`| head -n 1`) ends it quietly.
 */
describe('forage ask from a shell', () => {
  const data = tempDir('forage-ask-');
  let gateway: Awaited<ReturnType<typeof startGateway>>;

  beforeAll(async () => {
    if (!existsSync(cli))
      throw new Error('build first: npx nx run @forage/app-cli:build (the test command does)');
    gateway = await startGateway();
    // a live stack.json (this process's pid) naming a gateway that is not there
    writeStackState(data.path, {
      supervisorPid: process.pid,
      startedAt: new Date().toISOString(),
      natsUrl: 'nats://127.0.0.1:1',
      natsMonitorUrl: 'http://127.0.0.1:1',
      gatewayUrl: 'http://127.0.0.1:1',
      sandbox: [],
      processes: [],
    });
  });

  afterAll(() => {
    gateway.close();
    data.remove();
  });

  function runAsk(args: string[], env: Record<string, string> = {}) {
    const child = spawn(
      process.execPath,
      [cli, 'ask', '--data-dir', data.path, ...args, 'What time is the ferry?'],
      {
        env: { PATH: process.env['PATH'] ?? '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
    return { child, exit, stderr: () => stderr };
  }

  it('reaches the gateway named by --port although stack.json names another, and sends --url', async () => {
    const run = runAsk([
      '--port',
      String(gateway.port),
      '--url',
      'http://127.0.0.1:8080/page.html',
      '--json',
    ]);
    let stdout = '';
    run.child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    await gateway.waitForStream();
    gateway.complete();
    expect(await run.exit).toBe(2); // no answer
    expect(JSON.parse(stdout)).toMatchObject({ runId, outcome: 'no_answer' });
    expect(gateway.bodies.at(-1)).toEqual({
      question: 'What time is the ferry?',
      urls: ['http://127.0.0.1:8080/page.html'],
    });
  }, 30_000);

  it('reaches the gateway named by FORAGE_URL', async () => {
    const run = runAsk([], { FORAGE_URL: `http://127.0.0.1:${gateway.port}` });
    await gateway.waitForStream();
    gateway.complete();
    expect(await run.exit).toBe(2);
    expect(run.stderr()).toBe('');
  }, 30_000);

  it('ends quietly when the reader of its output goes away (| head -n 1)', async () => {
    const run = runAsk(['--port', String(gateway.port)]);
    // read the first line, then close the pipe as head does
    await new Promise<void>((resolve) => {
      let text = '';
      run.child.stdout.on('data', (c: Buffer) => {
        text += c.toString();
        if (text.includes('\n')) resolve();
      });
    });
    run.child.stdout.destroy();
    await gateway.waitForStream();
    gateway.complete();
    // the run's own exit code (2: no answer), no EPIPE stack trace
    expect(await run.exit).toBe(2);
    expect(run.stderr()).toBe('');
  }, 30_000);
});
