import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  claimRun,
  getRunHistory,
  listRuns,
  runCompleted,
  runNeedsInput,
  runStart,
  runStep,
  type CommandReply,
  type CommandRequestInput,
} from '@forage/contracts';
import { Bus, RemoteError, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { startTestNats, tempDir } from '@forage/testing';
import { loadLoggingConfig, type LoggingConfig } from '../config.js';
import { startLoggingService } from '../service.js';

type Page = CommandReply<typeof listRuns>;

describe('runs history (logging service, PGlite, real nats-server)', () => {
  let nats: RunningNatsServer;
  let nc: NatsConnection;
  let bus: Bus;
  let config: LoggingConfig;
  let logging: RunningService | undefined;
  const dir = tempDir('forage-run-history-');
  const base = Date.parse('2026-11-20T10:00:00.000Z');
  const runs = Array.from({ length: 5 }, (_, i) => ({
    runId: randomUUID(),
    question: `question number ${String(i)}`,
    requestedAt: new Date(base + i * 60_000).toISOString(),
  }));

  const listUntil = async (
    request: CommandRequestInput<typeof listRuns>,
    done: (page: Page) => boolean,
  ): Promise<Page> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const page = await bus.request(listRuns, request);
      if (done(page)) return page;
      if (Date.now() > deadline) throw new Error(`history never matched: ${JSON.stringify(page)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    nats = await startTestNats();
    config = loadLoggingConfig({
      LOGGING_DATA_DIR: `${dir.path}/logging`,
      NATS_URL: nats.url,
      OPS_PORT: '0',
      LOG_LEVEL: 'silent',
    });
    logging = await startLoggingService(config);
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 15_000 });
    for (const run of runs) {
      await bus.publishDurable(runStart, { ...run, options: { maxPages: 3 } }, { msgId: run.runId });
    }
    // run 4 gets a step, run 3 a step and then its completion (published out of order: completion first)
    const at = new Date(base + 600_000).toISOString();
    await bus.publishDurable(
      runCompleted,
      {
        runId: runs[3]!.runId,
        outcome: 'no_answer',
        answer: null,
        failures: [],
        completedAt: at,
        durationMs: 1234,
      },
      { msgId: `${runs[3]!.runId}:completed` },
    );
    for (const run of [runs[4]!, runs[3]!]) {
      await bus.publishDurable(
        runStep,
        {
          runId: run.runId,
          seq: 0,
          step: 'plan',
          status: 'started',
          detail: 'planning',
          at,
          durationMs: null,
        },
        { msgId: `${run.runId}:0` },
      );
    }
  }, 60_000);

  afterAll(async () => {
    await nc.close();
    await logging?.stop();
    await nats.stop();
    dir.remove();
  });

  it('keeps every run with its status, newest first', async () => {
    const page = await listUntil(
      { limit: 10 },
      (p) =>
        p.runs.some((r) => r.runId === runs[3]!.runId && r.status === 'completed' && r.steps === 1) &&
        p.runs.some((r) => r.runId === runs[4]!.runId && r.status === 'running'),
    );
    expect(page.runs.map((r) => r.runId)).toEqual(runs.map((r) => r.runId).reverse());
    const completed = page.runs.find((r) => r.runId === runs[3]!.runId)!;
    // a step arriving after the completion does not move it back to running
    expect(completed).toMatchObject({ status: 'completed', outcome: 'no_answer', durationMs: 1234 });
    expect(completed.question).toBe('question number 3');
    expect(page.runs.find((r) => r.runId === runs[0]!.runId)!.status).toBe('queued');
    expect(page.nextCursor).toBeNull();
  });

  it('pages with a cursor and filters by status and time', async () => {
    const first = await bus.request(listRuns, { limit: 2 });
    expect(first.runs.map((r) => r.runId)).toEqual([runs[4]!.runId, runs[3]!.runId]);
    expect(first.nextCursor).not.toBeNull();
    const second = await bus.request(listRuns, { limit: 2, cursor: first.nextCursor! });
    expect(second.runs.map((r) => r.runId)).toEqual([runs[2]!.runId, runs[1]!.runId]);
    const third = await bus.request(listRuns, { limit: 2, cursor: second.nextCursor! });
    expect(third.runs.map((r) => r.runId)).toEqual([runs[0]!.runId]);
    expect(third.nextCursor).toBeNull();

    const queued = await bus.request(listRuns, { status: 'queued' });
    expect(queued.runs.map((r) => r.runId).sort()).toEqual(
      runs
        .slice(0, 3)
        .map((r) => r.runId)
        .sort(),
    );
    const window = await bus.request(listRuns, { since: runs[1]!.requestedAt, until: runs[3]!.requestedAt });
    expect(window.runs.map((r) => r.runId)).toEqual([runs[2]!.runId, runs[1]!.runId]);
  });

  it('refuses a cursor it did not write with a typed error', async () => {
    await expect(bus.request(listRuns, { cursor: 'bm90LWEtY3Vyc29y' })).rejects.toBeInstanceOf(RemoteError);
  });

  it('records the owner once and filters by it; the history survives a restart', async () => {
    const claimed = await bus.request(claimRun, { runId: runs[1]!.runId, owner: 'key-a', question: 'q' });
    expect(claimed.owner).toBe('key-a');
    // a second claim cannot take the run over
    expect(
      (await bus.request(claimRun, { runId: runs[1]!.runId, owner: 'key-b', question: 'q' })).owner,
    ).toBe('key-a');
    await logging?.stop();
    logging = await startLoggingService(config);
    const mine = await bus.request(listRuns, { owner: 'key-a' });
    expect(mine.runs.map((r) => r.runId)).toEqual([runs[1]!.runId]);
    expect(mine.runs[0]!.question).toBe('question number 1');
    const detail = await bus.request(getRunHistory, { runId: runs[3]!.runId });
    expect(detail.run?.completion?.outcome).toBe('no_answer');
    expect((await bus.request(getRunHistory, { runId: randomUUID() })).run).toBeNull();
  }, 60_000);

  it('shows a run waiting for input until a later step shows it went on', async () => {
    const runId = randomUUID();
    const askedAt = new Date(base - 60_000).toISOString();
    await bus.publishDurable(
      runNeedsInput,
      { runId, reason: 'needs an email', questions: [], askedAt, waitsUntil: new Date(base).toISOString() },
      { msgId: `${runId}:input` },
    );
    const statusOf = async (): Promise<string | undefined> =>
      (await bus.request(getRunHistory, { runId })).run?.summary.status;
    await listUntil({ runIds: [runId] }, (p) => p.runs[0]?.status === 'needs_input');
    await bus.publishDurable(
      runStep,
      {
        runId,
        seq: 3,
        step: 'act',
        status: 'started',
        detail: 'fill',
        at: new Date(base).toISOString(),
        durationMs: null,
      },
      { msgId: `${runId}:3` },
    );
    await listUntil({ runIds: [runId] }, (p) => p.runs[0]?.status === 'running');
    expect(await statusOf()).toBe('running');
  });
});
