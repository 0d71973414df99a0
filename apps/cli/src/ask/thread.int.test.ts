import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tempDir } from '@forage/testing';
import { runCli, type CliIo } from '../cli/run.js';
import { EX_USAGE } from '../cli/io.js';

const FIRST = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a40';
const OTHER = '0b7e2a51-9c3d-4e8f-a1b2-c3d4e5f60718';

/**
 * A real HTTP server standing in for the gateway: it records each POST /v1/runs body, starts a
 * thread per run unless one is given, and completes the run at once with its thread.
 */
function gateway(): Promise<{ url: string; server: Server; bodies: Record<string, unknown>[] }> {
  const bodies: Record<string, unknown>[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'POST') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as Record<string, unknown>;
        bodies.push(body);
        const runId =
          bodies.length === 1 ? FIRST : `6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4${String(bodies.length)}`;
        const threadId = typeof body['threadId'] === 'string' ? body['threadId'] : runId;
        res.writeHead(202, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            runId,
            threadId,
            statusUrl: `/v1/runs/${runId}`,
            eventsUrl: `/v1/runs/${runId}/events?thread=${threadId}`,
          }),
        );
      });
      return;
    }
    const url = new URL(req.url ?? '/', 'http://x');
    const runId = /\/v1\/runs\/([^/]+)\/events/.exec(url.pathname)?.[1] ?? '';
    const threadId = url.searchParams.get('thread') ?? runId;
    const turn = threadId === runId ? 1 : 2;
    const completed = {
      runId,
      outcome: 'no_answer',
      answer: null,
      failures: [],
      completedAt: new Date().toISOString(),
      durationMs: 5,
      thread: {
        threadId,
        turn,
        readings:
          turn === 2
            ? [{ reference: 'its', value: 'Velmoria', turn: 1, note: "'its' = Velmoria, from turn 1" }]
            : [],
        ...(turn === 2 ? { asked: 'And its area?' } : {}),
      },
    };
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(`event: completed\ndata: ${JSON.stringify(completed)}\n\n`);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, bodies });
    });
  });
}

async function forage(argv: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    root: '/nonexistent',
    env,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    errRaw: (t) => err.push(t),
    stderrIsTTY: false,
  };
  const code = await runCli(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('forage ask --thread / --continue', () => {
  const data = tempDir('forage-thread-');
  const empty = tempDir('forage-thread-empty-');
  let gw: Awaited<ReturnType<typeof gateway>>;

  beforeAll(async () => {
    gw = await gateway();
  });
  afterAll(() => {
    gw.server.closeAllConnections();
    gw.server.close();
    data.remove();
    empty.remove();
  });

  it('a first question starts a thread; --continue asks the next in it; --thread names one', async () => {
    const env = { FORAGE_URL: gw.url };
    const first = await forage(['ask', '--data-dir', data.path, 'What is the population of Velmoria?'], env);
    expect(first.code).not.toBe(EX_USAGE);
    expect(gw.bodies[0]).not.toHaveProperty('threadId');
    expect(first.out).toContain(`run ${FIRST} (thread ${FIRST})`);
    expect(first.out).toContain(
      `Thread ${FIRST} (turn 1): ask a follow-up with --continue or --thread ${FIRST}`,
    );

    const next = await forage(['ask', '--data-dir', data.path, '--continue', 'And its area?'], env);
    expect(gw.bodies[1]).toMatchObject({ question: 'And its area?', threadId: FIRST });
    expect(next.out).toContain("'its' = Velmoria, from turn 1");
    expect(next.out).toContain(`Thread ${FIRST} (turn 2)`);

    await forage(['ask', '--data-dir', data.path, '--thread', OTHER, 'And its currency?'], env);
    expect(gw.bodies[2]).toMatchObject({ threadId: OTHER });
    // --continue follows the thread asked last
    await forage(['ask', '--data-dir', data.path, '--continue', 'And its founding year?'], env);
    expect(gw.bodies[3]).toMatchObject({ threadId: OTHER });
  });

  it('--continue with nothing asked before, or a --thread that is no id, is a usage error', async () => {
    const env = { FORAGE_URL: gw.url };
    const before = gw.bodies.length;
    const none = await forage(['ask', '--data-dir', empty.path, '--continue', 'And its area?'], env);
    expect(none.code).toBe(EX_USAGE);
    expect(none.err).toContain('no earlier question was asked from');
    const bad = await forage(
      ['ask', '--data-dir', empty.path, '--thread', 'yesterday', 'And its area?'],
      env,
    );
    expect(bad.code).toBe(EX_USAGE);
    expect(bad.err).toContain('--thread takes a thread id');
    expect(gw.bodies.length).toBe(before);
  });
});
