import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { runCompleted, runNeedsInput, runStep } from '@forage/contracts';
import { Bus, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { startTestNats } from '@forage/testing';
import { loadLoggingConfig } from '../apps/logging/src/config.js';
import { startLoggingService } from '../apps/logging/src/service.js';
import { loadGatewayConfig } from '../apps/gateway/src/config.js';
import { startGatewayService, type RunningGateway } from '../apps/gateway/src/service.js';
import { runsCommand } from '../apps/cli/src/commands/runs.js';
import { showCommand } from '../apps/cli/src/commands/show.js';

/** `forage runs` and `forage show` over the real gateway and runs history (logging), on a real nats-server. */
describe('forage runs / forage show', () => {
  let nats: RunningNatsServer;
  let logging: RunningService;
  let gateway: RunningGateway;
  let nc: NatsConnection;
  let bus: Bus;
  const ids = { noAnswer: '', waiting: '', queued: '' };

  const capture = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, write: (l: string) => out.push(l), warn: (l: string) => err.push(l) };
  };
  const create = async (question: string): Promise<string> => {
    const res = await fetch(`${gateway.httpUrl}/v1/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question }),
    });
    return ((await res.json()) as { runId: string }).runId;
  };

  beforeAll(async () => {
    nats = await startTestNats();
    const env = { NATS_URL: nats.url, OPS_PORT: '0', LOG_LEVEL: 'silent' };
    logging = await startLoggingService(loadLoggingConfig({ ...env, LOGGING_DATA_DIR: 'memory://' }));
    gateway = await startGatewayService(loadGatewayConfig({ ...env, GATEWAY_PORT: '0' }));
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 15_000 });
    ids.noAnswer = await create('What is the colour of the number seven?');
    ids.waiting = await create('Send the contact form with my details');
    ids.queued = await create('A question nobody has started on');
    await bus.publishDurable(
      runStep,
      {
        runId: ids.noAnswer,
        seq: 0,
        step: 'search',
        status: 'succeeded',
        detail: 'no results',
        at: new Date().toISOString(),
        durationMs: 4,
      },
      { msgId: `${ids.noAnswer}:0` },
    );
    await bus.publishDurable(
      runCompleted,
      {
        runId: ids.noAnswer,
        outcome: 'no_answer',
        answer: null,
        failures: [{ claim: '', reason: 'nothing found' }],
        completedAt: new Date().toISOString(),
        durationMs: 9,
      },
      { msgId: `${ids.noAnswer}:done` },
    );
    await bus.publishDurable(
      runNeedsInput,
      {
        runId: ids.waiting,
        reason: 'the form asks for your email',
        questions: [{ key: 'email', prompt: 'Your email?', kind: 'email', sensitive: false }],
        askedAt: new Date(Date.now() + 1_000).toISOString(),
        waitsUntil: new Date(Date.now() + 600_000).toISOString(),
      },
      { msgId: `${ids.waiting}:input` },
    );
  }, 60_000);

  afterAll(async () => {
    await nc.close();
    await gateway.stop();
    await logging.stop();
    await nats.stop();
  });

  it('lists past runs newest first, as text and as JSON, with filters and paging', async () => {
    const deadline = Date.now() + 20_000;
    let text: ReturnType<typeof capture>;
    for (;;) {
      text = capture();
      expect(await runsCommand({ gatewayUrl: gateway.httpUrl, filter: {}, json: false, ...text })).toBe(0);
      if (text.out.some((l) => l.startsWith(ids.noAnswer) && l.includes('no_answer'))) break;
      if (Date.now() > deadline) throw new Error(text.out.join('\n'));
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(text.out.map((l) => l.slice(0, 36))).toEqual([ids.queued, ids.waiting, ids.noAnswer]);
    const json = capture();
    expect(
      await runsCommand({ gatewayUrl: gateway.httpUrl, filter: { limit: '2' }, json: true, ...json }),
    ).toBe(0);
    const page = JSON.parse(json.out[0]!) as { runs: { runId: string }[]; nextCursor: string };
    expect(page.runs.map((r) => r.runId)).toEqual([ids.queued, ids.waiting]);
    const next = capture();
    await runsCommand({
      gatewayUrl: gateway.httpUrl,
      filter: { cursor: page.nextCursor },
      json: true,
      ...next,
    });
    expect((JSON.parse(next.out[0]!) as { runs: { runId: string }[] }).runs.map((r) => r.runId)).toEqual([
      ids.noAnswer,
    ]);
    const bad = capture();
    expect(
      await runsCommand({ gatewayUrl: gateway.httpUrl, filter: { status: 'sleeping' }, json: false, ...bad }),
    ).toBe(64);
    expect(bad.err.join('')).toContain('--status');
  });

  it('shows one run with the exit code of how it ended', async () => {
    // the gateway shows a completion once it has looked for the run's verdict in the log
    let noAnswer = capture();
    let code = 75;
    for (let i = 0; i < 200 && code === 75; i++) {
      noAnswer = capture();
      code = await showCommand({
        gatewayUrl: gateway.httpUrl,
        positionals: [ids.noAnswer],
        json: false,
        ...noAnswer,
      });
      if (code === 75) await new Promise((r) => setTimeout(r, 100));
    }
    expect(code).toBe(2);
    expect(noAnswer.out.join('\n')).toContain('No verified answer was released (no_answer).');
    expect(noAnswer.out.join('\n')).toContain('nothing found');
    const waiting = capture();
    for (let i = 0; i < 100; i++) {
      waiting.out.length = 0;
      expect(
        await showCommand({
          gatewayUrl: gateway.httpUrl,
          positionals: [ids.waiting],
          json: true,
          ...waiting,
        }),
      ).toBe(75);
      if ((JSON.parse(waiting.out[0]!) as { status: string }).status === 'needs_input') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(JSON.parse(waiting.out[0]!)).toMatchObject({
      status: 'needs_input',
      needsInput: { questions: [{ key: 'email' }] },
    });
    const missing = capture();
    expect(
      await showCommand({
        gatewayUrl: gateway.httpUrl,
        positionals: [randomUUID()],
        json: false,
        ...missing,
      }),
    ).toBe(1);
    expect(missing.err.join('')).toContain('404');
    expect(
      await showCommand({ gatewayUrl: gateway.httpUrl, positionals: ['nope'], json: false, ...capture() }),
    ).toBe(64);
    const down = capture();
    expect(
      await showCommand({
        gatewayUrl: 'http://127.0.0.1:9',
        positionals: [ids.noAnswer],
        json: false,
        ...down,
      }),
    ).toBe(1);
    expect(down.err.join('')).toContain('cannot reach the gateway');
  });
});
