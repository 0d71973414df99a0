import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { answerQuestion, executeAction, logRecordEvent, runStart } from '@forage/contracts';
import { Bus, natsConnectOptions, streams, type NatsIdentity, type RunningService } from '@forage/messaging';
import { aLogRecord, startTestNats, type TestNats } from '@forage/testing';
import { loadProcessingConfig } from '../apps/processing/src/config.js';
import { startProcessingService } from '../apps/processing/src/service.js';

/** NATS with per-service users: who may connect, publish and answer what (issue 13 item 3). */
describe('NATS authorization derived from the bus topology', () => {
  let nats: TestNats;
  const open: NatsConnection[] = [];

  const connectAs = async (identity: NatsIdentity): Promise<NatsConnection> => {
    const nc = await connect({ servers: nats.url, ...natsConnectOptions(nats.security(identity)) });
    open.push(nc);
    return nc;
  };

  const storedLogRecords = async (): Promise<number> => {
    const jsm = await jetstreamManager(await connectAs('admin'));
    return (await jsm.streams.info(streams.logs.name)).state.messages;
  };

  beforeAll(async () => {
    nats = await startTestNats({ auth: true });
  });

  afterAll(async () => {
    for (const nc of open) await nc.close().catch(() => undefined);
    await nats.stop();
  });

  it('refuses a client without credentials, and one with a wrong password', async () => {
    await expect(connect({ servers: nats.url, reconnect: false })).rejects.toThrow(/authoriz/i);
    await expect(
      connect({ servers: nats.url, reconnect: false, user: 'processing', pass: 'not-the-password' }),
    ).rejects.toThrow(/authoriz/i);
  });

  it('does not let the processing service publish action.execute.v1', async () => {
    const watcher = await connectAs('admin');
    const seen: string[] = [];
    watcher.subscribe(executeAction.subject, {
      callback: (_err, msg) => {
        seen.push(msg.subject);
      },
    });
    await watcher.flush();
    const processing = await connectAs('processing');
    await expect(processing.request(executeAction.subject, '{}', { timeout: 2_000 })).rejects.toThrow(
      /permission/i,
    );
    // the orchestrator may: the same request reaches a listener (so the check above can fail)
    const orchestrator = await connectAs('orchestrator');
    orchestrator.publish(executeAction.subject, '{}');
    await orchestrator.flush();
    await watcher.flush();
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toEqual([executeAction.subject]);
  });

  it('refuses a log record from an identity that is not a tool, and stores one from a tool', async () => {
    const before = await storedLogRecords();
    for (const identity of ['gateway', 'logging'] as const) {
      const bus = new Bus(await connectAs(identity), { timeoutMs: 2_000 });
      const forged = aLogRecord({ tool_name: 'verifier' });
      await expect(bus.publishDurable(logRecordEvent, forged, { msgId: forged.record_id })).rejects.toThrow(
        /did not store/,
      );
    }
    expect(await storedLogRecords()).toBe(before);
    const search = new Bus(await connectAs('search'), { timeoutMs: 2_000 });
    const genuine = aLogRecord({ tool_name: 'search' });
    await search.publishDurable(logRecordEvent, genuine, { msgId: genuine.record_id });
    expect(await storedLogRecords()).toBe(before + 1);
  });

  it('lets only the gateway start runs', async () => {
    const processing = new Bus(await connectAs('processing'), { timeoutMs: 2_000 });
    const event = {
      runId: randomUUID(),
      question: 'What is the capital of Qora?',
      requestedAt: new Date().toISOString(),
    };
    await expect(processing.publishDurable(runStart, event, { msgId: event.runId })).rejects.toThrow(
      /did not store/,
    );
    const gateway = new Bus(await connectAs('gateway'), { timeoutMs: 2_000 });
    await expect(gateway.publishDurable(runStart, event, { msgId: event.runId })).resolves.toMatchObject({
      duplicate: false,
    });
  });

  describe('a real service under its own identity', () => {
    let service: RunningService;
    const question = 'What is the capital of Qora?';

    beforeAll(async () => {
      // the service picks `<dir>/processing.password` itself, as every service does from its environment
      process.env['NATS_CREDENTIALS_DIR'] = nats.credentialsDir;
      try {
        service = await startProcessingService(
          loadProcessingConfig({
            NATS_URL: nats.url,
            OPS_PORT: '0',
            LOG_LEVEL: 'silent',
            FORAGE_EVIDENCE_KEY: randomBytes(32).toString('hex'),
          }),
        );
      } finally {
        delete process.env['NATS_CREDENTIALS_DIR'];
      }
    }, 60_000);

    afterAll(async () => {
      await service.stop();
    });

    it('answers the orchestrator, its caller, and records the outcome as a tool', async () => {
      const before = await storedLogRecords();
      const bus = new Bus(await connectAs('orchestrator'), { timeoutMs: 10_000 });
      const reply = await bus.request(answerQuestion, { runId: randomUUID(), question, chunkSets: [] });
      expect(reply.abstained).toBe(true);
      expect(await storedLogRecords()).toBe(before + 1);
    });

    it('is not reachable by an identity that has no business calling it', async () => {
      const bus = new Bus(await connectAs('gateway'), { timeoutMs: 2_000, waitForResponders: false });
      await expect(
        bus.request(answerQuestion, { runId: randomUUID(), question, chunkSets: [] }),
      ).rejects.toThrow(/permission/i);
    });

    it('reports healthy with its authenticated connections', async () => {
      const res = await fetch(`http://127.0.0.1:${String(service.opsPort)}/health`);
      expect(res.status).toBe(200);
    });
  });
});

/** TLS with a certificate from a CA the test makes with openssl: clients that trust the CA connect. */
describe('NATS over TLS with authorization', () => {
  let nats: TestNats;
  let certs: { dir: string; ca: string };

  beforeAll(async () => {
    certs = makeCertificates();
    nats = await startTestNats({
      auth: true,
      tls: {
        certFile: join(certs.dir, 'server.pem'),
        keyFile: join(certs.dir, 'server.key'),
        caFile: certs.ca,
      },
    });
  });

  afterAll(async () => {
    await nats.stop();
    rmSync(certs.dir, { recursive: true, force: true });
  });

  it('lets a service that trusts the CA connect and work under its identity', async () => {
    const nc = await connect({ servers: nats.url, ...natsConnectOptions(nats.security('gateway')) });
    try {
      const jsm = await jetstreamManager(nc);
      await expect(jsm.getAccountInfo()).resolves.toBeDefined();
    } finally {
      await nc.close();
    }
  });

  it('refuses a client that does not trust the certificate, and one without credentials', async () => {
    const { user, pass } = nats.security('gateway');
    await expect(
      connect({ servers: nats.url, reconnect: false, ...natsConnectOptions({ user, pass }) }),
    ).rejects.toThrow(/certificate/i);
    await expect(connect({ servers: nats.url, reconnect: false, tls: { caFile: certs.ca } })).rejects.toThrow(
      /authoriz/i,
    );
  });
});

function makeCertificates(): { dir: string; ca: string } {
  const dir = mkdtempSync(join(tmpdir(), 'forage-nats-tls-'));
  const openssl = (...args: string[]): void => {
    execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  };
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '1',
    '-subj',
    '/CN=forage test CA',
  );
  openssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '1',
    '-extfile',
    'san.ext',
  );
  return { dir, ca: join(dir, 'ca.pem') };
}
