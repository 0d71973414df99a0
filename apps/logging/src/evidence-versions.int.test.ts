import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { queryLogs, type CommandReply, type StoredLogRecord } from '@forage/contracts';
import { EvidenceStore, parseEvidenceKey } from '@forage/evidence';
import { Bus, ToolRecorder, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { startTestNats } from '@forage/testing';
import { loadLoggingConfig } from './config.js';
import { startLoggingService } from './service.js';

type LogsReply = CommandReply<typeof queryLogs>;

/**
 * Retried actions keep every attempt: the ToolRecorder numbers the records of the same action
 * (run, tool, task id) 1, 2, …, each points at the evidence its own attempt captured, and
 * log.query.v1 returns them all. Real nats-server, the logging service on PGlite, the encrypted
 * evidence store and a real HTTP page that fails once before it answers.
 */
describe('evidence versions of a retried action', () => {
  let nats: RunningNatsServer;
  let logging: RunningService;
  let nc: NatsConnection;
  let bus: Bus;
  let store: EvidenceStore;
  let site: Server;
  let hits = 0;

  beforeAll(async () => {
    nats = await startTestNats();
    logging = await startLoggingService(
      loadLoggingConfig({
        NATS_URL: nats.url,
        LOGGING_DATA_DIR: 'memory://',
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
        LOGGING_SWEEP_INTERVAL_MS: '0',
      }),
    );
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 15_000 });
    store = await EvidenceStore.open(nc, {
      key: parseEvidenceKey(randomBytes(32).toString('hex')),
      retentionMs: 86_400_000,
    });
    // fails the first request of each path, answers the next ones
    site = createServer((req, res) => {
      hits += 1;
      const first = hits % 2 === 1;
      res.writeHead(first ? 503 : 200, { 'content-type': 'text/html' });
      res.end(
        first
          ? `<html><body><h1>Service unavailable</h1><p>${req.url ?? ''}</p></body></html>`
          : `<html><body><h1>Opening hours</h1><p>Mon–Fri 9–17 (${req.url ?? ''})</p></body></html>`,
      );
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise((r) => site.close(r));
    await nc.close();
    await logging.stop();
    await nats.stop();
  });

  const origin = (): string => `http://127.0.0.1:${String((site.address() as AddressInfo).port)}`;

  /** One attempt at fetching a page, recorded as dom-extraction records it: the page is the evidence. */
  async function fetchPage(recorder: ToolRecorder, runId: string, url: string): Promise<boolean> {
    const startedAt = performance.now();
    const res = await fetch(url);
    const html = await res.text();
    const dom = await store.put({
      kind: 'dom_snapshot',
      contentType: 'text/html',
      data: new TextEncoder().encode(html),
    });
    await recorder.record({
      runId,
      taskId: `extract:${url}`,
      status: res.ok ? 'success' : 'fail',
      confidence: res.ok ? 1 : 0,
      startedAt,
      evidence: { domSnapshot: dom },
      data: { url, status: res.status },
    });
    return res.ok;
  }

  async function recordsOf(runId: string, count: number): Promise<StoredLogRecord[]> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const reply: LogsReply = await bus.request(queryLogs, { runId });
      if (reply.records.length >= count) return reply.records;
      if (Date.now() > deadline) throw new Error(`only ${String(reply.records.length)} records stored`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('stores a failed first attempt and a successful retry as attempts 1 and 2, each with its own evidence', async () => {
    const recorder = new ToolRecorder(bus, 'dom-extraction');
    const runId = randomUUID();
    const url = `${origin()}/hours`;
    let tries = 0;
    while (!(await fetchPage(recorder, runId, url))) if (++tries > 3) throw new Error('never succeeded');

    const records = await recordsOf(runId, 2);
    expect(records.map((r) => [r.status, r.metadata.attempt])).toEqual([
      ['fail', 1],
      ['success', 2],
    ]);
    expect(new Set(records.map((r) => r.task_id)).size).toBe(1);
    const [first, second] = records.map((r) => r.evidence.dom_snapshot);
    expect(first?.sha256).not.toBe(second?.sha256);
    // the retry did not replace the first attempt's evidence: both still read back, hash-checked
    expect(await store.getText(first ?? { sha256: '' })).toContain('Service unavailable');
    expect(await store.getText(second ?? { sha256: '' })).toContain('Opening hours');
  });

  it('numbers attempts per action and per run, also when two replicas record the same action at once', async () => {
    const replicas = [new ToolRecorder(bus, 'dom-extraction'), new ToolRecorder(bus, 'dom-extraction')];
    const runId = randomUUID();
    const otherRun = randomUUID();
    const outcome = (run: string, taskId: string) => ({
      runId: run,
      taskId,
      status: 'success' as const,
      confidence: 1,
      startedAt: performance.now(),
      data: {},
    });
    await Promise.all([
      replicas[0]?.record(outcome(runId, 'extract:a')),
      replicas[1]?.record(outcome(runId, 'extract:a')),
      replicas[0]?.record(outcome(runId, 'extract:b')),
      replicas[1]?.record(outcome(otherRun, 'extract:a')),
    ]);
    const records = await recordsOf(runId, 3);
    const attemptsOf = (task: string) =>
      records
        .filter((r) => r.task_id === task)
        .map((r) => r.metadata.attempt)
        .sort();
    expect(attemptsOf('extract:a')).toEqual([1, 2]);
    expect(attemptsOf('extract:b')).toEqual([1]);
    expect((await recordsOf(otherRun, 1)).map((r) => r.metadata.attempt)).toEqual([1]);
  });
});
