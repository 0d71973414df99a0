import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { logRecordSchema } from '@forage/contracts';
import { Bus } from './bus.js';
import { ensureAllStreams } from './jetstream.js';
import { launchNatsServer, type RunningNatsServer } from './nats-server.js';
import { streams } from './streams.js';
import { ToolRecorder } from './tool-recorder.js';

/**
 * A tool's outcome recorded while nats-server is away for a moment (a failover): counting its
 * attempt (a KV round trip) and publishing its record both wait for the server instead of
 * losing the record (found by the cluster test: "could not record a failed extraction").
 */
describe('ToolRecorder across a nats-server restart', () => {
  const store = mkdtempSync(join(tmpdir(), 'forage-recorder-'));
  let nats: RunningNatsServer;
  let nc: NatsConnection;

  beforeAll(async () => {
    nats = await launchNatsServer({ storeDir: store });
    nc = await connect({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 100 });
    await ensureAllStreams(nc);
  });

  afterAll(async () => {
    await nc.close();
    await nats.stop();
    rmSync(store, { recursive: true, force: true });
  });

  const outcome = (runId: string) => ({
    runId,
    taskId: 'extract:https://example.org/',
    status: 'fail' as const,
    confidence: 0,
    startedAt: performance.now(),
    data: { error: 'timeout' },
  });

  it('records an outcome made while the server is down once it is back, with its attempt counted', async () => {
    const recorder = new ToolRecorder(new Bus(nc, { timeoutMs: 2_000 }), 'dom-extraction');
    const runId = '6f1d3c1e-2f4b-4c59-9d6e-2a8f0b7e5a11';
    await recorder.record(outcome(runId)); // attempt 1, with the server up (creates the bucket)
    const port = nats.port;
    const monitorPort = Number(new URL(nats.monitorUrl).port);
    await nats.stop();
    const recording = recorder.record(outcome(runId));
    await new Promise((r) => setTimeout(r, 1_500)); // the count and the publish fail meanwhile
    nats = await launchNatsServer({ storeDir: store, port, monitorPort });
    const recordId = await recording;

    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(streams.logs.name);
    expect(info.state.messages).toBe(2);
    const last = await jsm.streams.getMessage(streams.logs.name, { seq: info.state.last_seq });
    if (!last) throw new Error('no message at the stream end');
    const record = logRecordSchema.parse(last.json());
    expect(record.record_id).toBe(recordId);
    expect(record.metadata.attempt).toBe(2);
  }, 60_000);
});
