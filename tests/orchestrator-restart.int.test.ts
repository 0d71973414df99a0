import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { runCompleted } from '@forage/contracts';
import { decodeJson, durableConsumers, streams } from '@forage/messaging';
import { freePort } from '@forage/messaging/stack';
import { startInProcessStack, waitAllHealthy, type InProcessStack } from './support/stack.js';
import { askOverHttp, type RunCompletion } from './support/runs.js';

const root = join(import.meta.dirname, '..');
const orchestratorMain = join(root, 'apps', 'orchestrator', 'dist', 'main.js');

/**
 * A user's guide page (A) with collapsed travel notes (the click fetches `/notes`, so the site
 * counts every time a browser performs it) and a link to the economy page (B), which holds the
 * answer. The first request for B is held until the test lets it go: the orchestrator is killed
 * while it waits for that page, after it has read A and acted on it.
 */
const GUIDE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Visiting Veldoria</title></head>
<body><main>
  <h1>Visiting Veldoria</h1>
  <p>Veldoria is a small landlocked republic in the eastern highlands, known for its terraced vineyards and glass works.</p>
  <button id="toggle" type="button" aria-expanded="false" aria-controls="notes">Show travel notes</button>
  <section id="notes" hidden></section>
  <p>Figures on the country's economy are on <a href="/wiki/veldoria-economy">the economy of Veldoria and its GDP per capita</a>.</p>
</main>
<script>
  document.getElementById('toggle').addEventListener('click', async (e) => {
    const notes = document.getElementById('notes');
    notes.innerHTML = await (await fetch('/notes')).text();
    notes.hidden = false;
    e.target.setAttribute('aria-expanded', 'true');
  });
</script>
</body></html>`;

const NOTES =
  '<p>Trains to the capital leave the border station every hour; the last one departs at midnight.</p>';

const ECONOMY = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Economy of Veldoria</title></head>
<body><main>
  <h1>Economy of Veldoria</h1>
  <p>The GDP per capita of Veldoria was $31,250 in 2024. Unemployment stood at 5.1% and consumer prices rose by 2.3% that year.</p>
</main></body></html>`;

interface GuideSite {
  readonly origin: string;
  /** Requests by path, in order. */
  readonly hits: string[];
  /** Resolves when the first request for the economy page arrives (and is held). */
  readonly economyRequested: Promise<void>;
  /** Answers the held request, and every later one at once. */
  releaseEconomy(): void;
  readonly server: Server;
}

async function startGuideSite(): Promise<GuideSite> {
  const hits: string[] = [];
  const held: ServerResponse[] = [];
  let released = false;
  let requested: () => void = () => undefined;
  const economyRequested = new Promise<void>((resolve) => (requested = resolve));
  const html = (res: ServerResponse, body: string): void => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.push(path);
    if (path === '/guide/veldoria') html(res, GUIDE);
    else if (path === '/notes') html(res, NOTES);
    else if (path === '/wiki/veldoria-economy') {
      if (released) html(res, ECONOMY);
      else {
        held.push(res);
        requested();
      }
    } else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    hits,
    economyRequested,
    releaseEconomy: () => {
      released = true;
      for (const res of held.splice(0)) html(res, ECONOMY);
    },
    server,
  };
}

/** Waits for `promise`, or fails naming what did not happen. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`${what} did not happen within ${String(ms / 1000)} s`));
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The orchestrator from dist/, as `forage up` runs a service: its own process, the stack's environment. */
async function startOrchestratorProcess(
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; output: () => string }> {
  const opsPort = await freePort();
  const child = spawn(process.execPath, [orchestratorMain], {
    env: { ...process.env, ...env, OPS_PORT: String(opsPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr.on('data', (b: Buffer) => (output += b.toString()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the orchestrator exited while starting:\n${output}`);
    const res = await fetch(`http://127.0.0.1:${String(opsPort)}/health`).catch(() => undefined);
    if (res?.ok) return { child, output: () => output };
    if (Date.now() > deadline) throw new Error(`the orchestrator was not healthy within 30 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await within(exited, 15_000, `the orchestrator (pid ${String(child.pid)}) to exit on ${signal}`);
}

interface StepEvent {
  step: string;
  status: string;
  detail: string;
}

/**
 * The orchestrator killed with SIGKILL in the middle of a run, then started again: JetStream
 * redelivers the unacknowledged run.start.v1 to the new process, which continues from the
 * run's last step checkpoint. The client, connected to the gateway throughout, gets one answer.
 */
describe('the orchestrator killed mid-run', () => {
  let site: GuideSite;
  let stack: InProcessStack;
  let nc: NatsConnection;
  let orchestrator: { child: ChildProcess; output: () => string } | undefined;
  const completions: string[] = [];
  let run: { runId: string; events: { event: string; data: unknown }[]; completed: RunCompletion };
  let steps: StepEvent[];
  let killed: NodeJS.Signals | null = null;

  beforeAll(async () => {
    if (!existsSync(orchestratorMain)) throw new Error('build first: npx nx run-many -t build');
    site = await startGuideSite();
    stack = await startInProcessStack({ allowOrigins: [site.origin], orchestrator: false });
    await waitAllHealthy(stack.services);
    nc = await connect({ servers: stack.nats.url });
    nc.subscribe(runCompleted.subject, {
      callback: (_err, msg) => {
        completions.push(runCompleted.payload.parse(decodeJson(msg.data)).runId);
      },
    });
    orchestrator = await startOrchestratorProcess(stack.env);
    const first = orchestrator;

    const asked = askOverHttp(
      stack.gatewayUrl,
      `What is the GDP per capita of Veldoria on ${site.origin}/guide/veldoria?`,
    );
    asked.catch(() => undefined); // awaited below; a rejection before then is not unhandled
    // the run has read the guide, opened its notes, and now waits for the economy page
    await within(site.economyRequested, 40_000, 'the run reaching the economy page');
    await stopProcess(first.child, 'SIGKILL');
    killed = first.child.signalCode;
    site.releaseEconomy();
    // Time passing, compressed: JetStream redelivers a message whose ack wait (60 s from the
    // last heartbeat) ran out. Shortening it makes the server count the dead process's delivery
    // as expired now; then it is set back as the admin provisions it (a service may not change a
    // consumer), before the restarted orchestrator takes the redelivery.
    const jsm = await jetstreamManager(nc);
    await jsm.consumers.update(streams.runs.name, 'orchestrator', { ack_wait: nanos(1_000) });
    await new Promise((r) => setTimeout(r, 3_000));
    await jsm.consumers.update(streams.runs.name, 'orchestrator', {
      ack_wait: nanos(durableConsumers.orchestratorRuns.ackWaitMs),
    });
    orchestrator = await startOrchestratorProcess(stack.env);

    run = await within(asked, 60_000, 'the run completing after the restart');
    steps = run.events.filter((e) => e.event === 'step').map((e) => e.data as StepEvent);
    // a duplicate completion would follow closely; give it a moment to show
    await new Promise((r) => setTimeout(r, 1_000));
  }, 150_000);

  afterAll(async () => {
    if (orchestrator) await stopProcess(orchestrator.child, 'SIGTERM');
    await nc.close();
    await stack.stop();
    site.server.closeAllConnections();
    await new Promise((resolve) => site.server.close(resolve));
  }, 60_000);

  it('the client got its answer, from the page the killed process was waiting for', () => {
    expect(killed).toBe('SIGKILL');
    const trace = steps.map((s) => `${s.step} ${s.status}: ${s.detail}`).join('\n');
    expect({ outcome: run.completed.outcome, answer: run.completed.answer?.text, trace }).toEqual({
      outcome: 'answered',
      answer: expect.stringContaining('31,250') as unknown,
      trace,
    });
    expect(run.completed.answer?.citations[0]?.url).toBe(`${site.origin}/wiki/veldoria-economy`);
  });

  it('completed exactly once', () => {
    expect(completions.filter((id) => id === run.runId)).toHaveLength(1);
    expect(run.events.filter((e) => e.event === 'completed')).toHaveLength(1);
  });

  it('continued from its checkpoint: the guide was not read again and its click not repeated', () => {
    expect(steps).toContainEqual(
      expect.objectContaining({
        step: 'plan',
        detail: expect.stringMatching(/^resumed after step \d+/) as unknown,
      }),
    );
    // the guide: one render to read it, one to act on it (the act opens the page in its session)
    expect(site.hits.filter((p) => p === '/guide/veldoria')).toHaveLength(2);
    // the notes are fetched only by the click: performed once, before the kill
    expect(site.hits.filter((p) => p === '/notes')).toHaveLength(1);
    expect(steps.filter((s) => s.step === 'act' && s.status === 'succeeded')).toHaveLength(1);
    // the economy page: the request the killed process waited for, and the resumed run's
    expect(site.hits.filter((p) => p === '/wiki/veldoria-economy')).toHaveLength(2);
  });
});
