import { randomBytes, randomUUID } from 'node:crypto';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { queryLogs, verifyRun, type StoredLogRecord } from '@forage/contracts';
import { EvidenceStore, parseEvidenceKey } from '@forage/evidence';
import { Bus, decodeJson, encodeJson, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { aClaim, aLogRecord, startTestNats } from '@forage/testing';
import { loadVerifierConfig } from './config.js';
import { startVerifierService } from './service.js';

const PAGE =
  '<html><body><h1>Harbour Hotel</h1><p>Rooms from $149 a night, parking included.</p></body></html>';
const TRACE_WAIT_MS = 3_000;

/**
 * The verifier against a real nats-server and evidence store, with log.query.v1 answered by a
 * tiny responder that speaks the real contract, so the trace can be delayed or withheld.
 */
describe('verifier service with a stand-in for logging', () => {
  const key = randomBytes(32).toString('hex');
  const stored: StoredLogRecord[] = [];
  let nats: RunningNatsServer;
  let service: RunningService;
  let nc: NatsConnection;
  let bus: Bus;
  let store: EvidenceStore;
  let responder: Subscription | undefined;

  const answerLogQueries = (): void => {
    responder = nc.subscribe(queryLogs.subject, {
      callback: (_err, msg) => {
        const request = queryLogs.request.parse(decodeJson(msg.data));
        const records = stored.filter(
          (r) =>
            r.run_id === request.runId && (!request.recordIds || request.recordIds.includes(r.record_id)),
        );
        msg.respond(
          encodeJson(
            queryLogs.reply.parse({
              records,
              chain: { valid: true, checked: stored.length, brokenAtSeq: null },
            }),
          ),
        );
      },
    });
  };

  const storeRecord = (overrides: Parameters<typeof aLogRecord>[0]): StoredLogRecord => {
    const record: StoredLogRecord = {
      ...aLogRecord(overrides),
      seq: stored.length + 1,
      prev_hash: '0'.repeat(64),
      hash: 'b'.repeat(64),
    };
    stored.push(record);
    return record;
  };

  const claimOn = async (): Promise<{ claim: ReturnType<typeof aClaim>; recordId: string }> => {
    const ref = await store.put({
      kind: 'dom_snapshot',
      contentType: 'text/html',
      data: new TextEncoder().encode(PAGE),
    });
    const recordId = randomUUID();
    const claim = aClaim({
      text: '$149',
      source: {
        url: 'http://127.0.0.1:8080/harbour',
        xpath: '/html/body/p',
        snippet: 'Rooms from $149 a night',
        domSnapshot: ref,
        logRecordId: recordId,
      },
    });
    return { claim, recordId };
  };

  beforeAll(async () => {
    nats = await startTestNats();
    service = await startVerifierService(
      loadVerifierConfig({
        NATS_URL: nats.url,
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
        FORAGE_EVIDENCE_KEY: key,
        VERIFY_TRACE_WAIT_MS: String(TRACE_WAIT_MS),
        VERIFY_LOGGING_WAIT_MS: String(TRACE_WAIT_MS),
      }),
    );
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 10_000 });
    store = await EvidenceStore.open(nc, { key: parseEvidenceKey(key), retentionMs: 3_600_000 });
    answerLogQueries();
  });

  afterAll(async () => {
    await nc.close();
    await service.stop();
    await nats.stop();
  });

  it('waits for a record that is still being logged, then verifies the claim', async () => {
    const runId = randomUUID();
    const { claim, recordId } = await claimOn();
    setTimeout(
      () =>
        storeRecord({
          record_id: recordId,
          run_id: runId,
          evidence: { screenshot: null, dom_snapshot: claim.source.domSnapshot },
        }),
      300,
    );

    const reply = await bus.request(verifyRun, { runId, claims: [claim], expectedRecordIds: [recordId] });
    expect(reply.verdicts[0]?.verdict).toBe('verified');
    expect(reply.trace).toEqual({ complete: true, missingRecordIds: [], chainValid: true });
    expect(reply.released).toBe(true);
  });

  it('gives up on a record that never arrives after VERIFY_TRACE_WAIT_MS and releases nothing', async () => {
    const runId = randomUUID();
    const { claim, recordId } = await claimOn();
    const started = Date.now();
    const reply = await bus.request(verifyRun, { runId, claims: [claim], expectedRecordIds: [recordId] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TRACE_WAIT_MS);
    expect(reply.trace).toMatchObject({ complete: false, missingRecordIds: [recordId] });
    expect(reply.verdicts[0]?.checks.find((c) => c.name === 'record_exists')?.passed).toBe(false);
    expect(reply.released).toBe(false);
  });

  it('answers with a retryable error when logging does not answer at all within VERIFY_LOGGING_WAIT_MS', async () => {
    responder?.unsubscribe();
    try {
      const runId = randomUUID();
      const { claim, recordId } = await claimOn();
      await expect(
        bus.request(verifyRun, { runId, claims: [claim], expectedRecordIds: [recordId] }),
      ).rejects.toMatchObject({
        code: 'upstream_failed',
        retryable: true,
      });
    } finally {
      answerLogQueries();
    }
  });

  it('releases a derived "yes" only when every supporting snippet is at its XPath on its own stored page', async () => {
    const runId = randomUUID();
    const first = await claimOn();
    const second = await claimOn();
    for (const { claim, recordId } of [first, second])
      storeRecord({
        record_id: recordId,
        run_id: runId,
        evidence: { screenshot: null, dom_snapshot: claim.source.domSnapshot },
      });
    const otherPage = { ...second.claim.source, xpath: '/html/body/h1', snippet: 'Harbour Hotel' };
    const derived = (supportSnippet: string): ReturnType<typeof aClaim> => ({
      ...first.claim,
      claimId: `derived-${supportSnippet.length}`,
      kind: 'derived_answer',
      text: 'yes',
      derivation: {
        kind: 'yes_no',
        rule: 'both pages state a nightly rate',
        supports: [first.claim.source, { ...otherPage, snippet: supportSnippet }],
      },
    });
    const expectedRecordIds = [first.recordId, second.recordId];

    const good = await bus.request(verifyRun, {
      runId,
      claims: [derived('Harbour Hotel')],
      expectedRecordIds,
    });
    expect(good.verdicts[0]).toMatchObject({ verdict: 'verified', outcome: 'verified' });
    expect(good.released).toBe(true);

    const forged = await bus.request(verifyRun, {
      runId,
      claims: [derived('Harbour Hotel has a pool')],
      expectedRecordIds,
    });
    expect(forged.verdicts[0]).toMatchObject({ verdict: 'rejected', outcome: 'unsupported' });
    expect(forged.released).toBe(false);
  });

  it('serves /health on its ops port', async () => {
    const health = await fetch(`http://127.0.0.1:${service.opsPort}/health`);
    expect(await health.json()).toMatchObject({ ok: true, service: 'verifier' });
  });
});
