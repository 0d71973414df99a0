import { randomBytes, randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  logRecordEvent,
  queryLogs,
  verifyRun,
  type Claim,
  type EvidenceRef,
  type LogRecord,
  type StoredLogRecord,
} from '@forage/contracts';
import { EvidenceStore, parseEvidenceKey } from '@forage/evidence';
import { Bus, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { aClaim, aLogRecord, startTestNats, tempDir } from '@forage/testing';
import { loadLoggingConfig, type LoggingConfig } from '../apps/logging/src/config.js';
import { startLoggingService } from '../apps/logging/src/service.js';
import { loadVerifierConfig } from '../apps/verifier/src/config.js';
import { startVerifierService } from '../apps/verifier/src/service.js';

const PAGE = `<html><head><title>Lakeside Lodge</title></head><body>
<h1>Lakeside Lodge</h1>
<p>Double rooms from <b>$119</b> per night. Free parking for guests.</p>
<p>Check-out by 11 am.</p></body></html>`;

const LISTING_PAGE = `<html><body><h1>Cabins</h1><ul>
<li><h3>Pine Cabin</h3><p>Cabin, $88 a night</p></li>
<li><h3>Birch Cabin</h3><p>Cabin, $72 a night</p></li></ul></body></html>`;

/**
 * End to end: a dom-extraction outcome is logged through JetStream into the logging service's
 * hash chain, and the verifier checks claims against that record and the stored DOM snapshot.
 */
describe('verification across logging, the evidence store and the verifier', () => {
  const key = randomBytes(32).toString('hex');
  const dir = tempDir('forage-verification-');
  let nats: RunningNatsServer;
  let loggingConfig: LoggingConfig;
  let logging: RunningService;
  let verifier: RunningService;
  let nc: NatsConnection;
  let bus: Bus;
  let store: EvidenceStore;

  /** What dom-extraction does: store the page, then log the outcome durably. */
  const extractPage = async (
    runId: string,
    html = PAGE,
  ): Promise<{ ref: EvidenceRef; record: LogRecord }> => {
    const ref = await store.put({
      kind: 'dom_snapshot',
      contentType: 'text/html',
      data: new TextEncoder().encode(html),
    });
    const record = aLogRecord({
      run_id: runId,
      tool_name: 'dom-extraction',
      evidence: { screenshot: null, dom_snapshot: ref },
    });
    await bus.publishDurable(logRecordEvent, record, { msgId: record.record_id });
    return { ref, record };
  };

  const claimFrom = (
    extraction: { ref: EvidenceRef; record: LogRecord },
    text: string,
    snippet: string,
  ): Claim =>
    aClaim({
      claimId: `claim-${randomUUID()}`,
      text,
      confidence: 0.8,
      source: {
        url: 'http://127.0.0.1:8080/lakeside',
        xpath: '/html/body/p[1]',
        snippet,
        domSnapshot: extraction.ref,
        logRecordId: extraction.record.record_id,
      },
    });

  const failedChecks = (
    reply: { verdicts: { checks: { name: string; passed: boolean }[] }[] },
    index = 0,
  ): string[] => reply.verdicts[index]?.checks.filter((c) => !c.passed).map((c) => c.name) ?? ['no verdict'];

  beforeAll(async () => {
    nats = await startTestNats();
    loggingConfig = loadLoggingConfig({
      NATS_URL: nats.url,
      LOGGING_DATA_DIR: `${dir.path}/logging`,
      OPS_PORT: '0',
      LOG_LEVEL: 'silent',
    });
    logging = await startLoggingService(loggingConfig);
    verifier = await startVerifierService(
      loadVerifierConfig({
        NATS_URL: nats.url,
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
        FORAGE_EVIDENCE_KEY: key,
        VERIFY_TRACE_WAIT_MS: '5000',
      }),
    );
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 15_000 });
    store = await EvidenceStore.open(nc, { key: parseEvidenceKey(key), retentionMs: 3_600_000 });
  });

  afterAll(async () => {
    await nc.close();
    await verifier.stop();
    await logging.stop();
    await nats.stop();
    dir.remove();
  });

  it('verifies a claim whose snippet is on the logged page and releases the answer', async () => {
    const runId = randomUUID();
    const extraction = await extractPage(runId);
    const claim = claimFrom(extraction, '$119', 'Double rooms from $119 per night.');

    const reply = await bus.request(verifyRun, {
      runId,
      claims: [claim],
      expectedRecordIds: [extraction.record.record_id],
    });
    expect(failedChecks(reply)).toEqual([]);
    expect(reply.verdicts[0]?.verdict).toBe('verified');
    expect(reply.trace).toEqual({ complete: true, missingRecordIds: [], chainValid: true });
    expect(reply.released).toBe(true);
  });

  it('logs its own outcome as a verifier record with the verdict counts', async () => {
    const runId = randomUUID();
    const extraction = await extractPage(runId);
    const reply = await bus.request(verifyRun, {
      runId,
      claims: [claimFrom(extraction, '$119', 'Double rooms from $119 per night.')],
      expectedRecordIds: [extraction.record.record_id],
    });

    const deadline = Date.now() + 20_000;
    let own: StoredLogRecord | undefined;
    while (!own && Date.now() < deadline) {
      own = (await bus.request(queryLogs, { runId, recordIds: [reply.logRecordId] })).records[0];
      if (!own) await new Promise((r) => setTimeout(r, 50));
    }
    expect(own).toMatchObject({
      tool_name: 'verifier',
      run_id: runId,
      status: 'success',
      output: { data: { verified: 1, rejected: 0 } },
    });
    // the whole run: one action, one record, one verification
    const whole = await bus.request(queryLogs, { runId });
    expect(whole.trace).toEqual({ complete: true, problems: [] });
    expect(whole.failures).toEqual([]);
  });

  it('finds a claim whose number was changed contradicted by the node at its XPath, and releases nothing', async () => {
    const runId = randomUUID();
    const extraction = await extractPage(runId);
    const claim = claimFrom(extraction, '$99', 'Double rooms from $99 per night.');

    const reply = await bus.request(verifyRun, {
      runId,
      claims: [claim],
      expectedRecordIds: [extraction.record.record_id],
    });
    expect(reply.verdicts[0]).toMatchObject({ verdict: 'rejected', outcome: 'contradicted' });
    expect(reply.verdicts[0]?.reasons?.[0]).toContain('the node says "Double rooms from $119');
    expect(failedChecks(reply)).toEqual(['snippet_at_xpath']);
    expect(reply.released).toBe(false);
  });

  it('finds a snippet that is on the page but not at its XPath unsupported', async () => {
    const runId = randomUUID();
    const extraction = await extractPage(runId);
    const claim = claimFrom(extraction, '$119', 'Double rooms from $119 per night.');
    const misplaced = { ...claim, source: { ...claim.source, xpath: '/html[1]/body[1]/p[2]' } };

    const reply = await bus.request(verifyRun, {
      runId,
      claims: [misplaced],
      expectedRecordIds: [extraction.record.record_id],
    });
    expect(reply.verdicts[0]?.outcome).toBe('unsupported');
    expect(failedChecks(reply)).toEqual(['snippet_at_xpath']);
    expect(reply.released).toBe(false);
  });

  it("finds a claim citing another run's evidence evidence_missing", async () => {
    const otherRun = await extractPage(randomUUID());
    const runId = randomUUID();
    const own = await extractPage(runId);
    const claim = claimFrom(otherRun, '$119', 'Double rooms from $119 per night.');

    const reply = await bus.request(verifyRun, {
      runId,
      claims: [claim],
      expectedRecordIds: [own.record.record_id],
    });
    expect(reply.verdicts[0]?.outcome).toBe('evidence_missing');
    expect(failedChecks(reply)).toContain('record_exists');
    expect(reply.released).toBe(false);
  });

  it('verifies listing fields at their XPaths and finds a changed price contradicted', async () => {
    const runId = randomUUID();
    const extraction = await extractPage(runId, LISTING_PAGE);
    const field = (name: string, text: string, xpath: string, snippet = text): Claim => ({
      ...claimFrom(extraction, text, snippet),
      kind: 'listing_field',
      field: name,
      source: { ...claimFrom(extraction, text, snippet).source, xpath },
    });
    const reply = await bus.request(verifyRun, {
      runId,
      claims: [
        field('name', 'Pine Cabin', '/html[1]/body[1]/ul[1]/li[1]/h3[1]'),
        field('price', '$88', '/html[1]/body[1]/ul[1]/li[1]/p[1]', 'Cabin, $88 a night'),
        field('price', '$64', '/html[1]/body[1]/ul[1]/li[2]/p[1]', 'Cabin, $64 a night'),
      ],
      expectedRecordIds: [extraction.record.record_id],
    });
    expect(reply.verdicts.map((v) => v.outcome)).toEqual(['verified', 'verified', 'contradicted']);
    expect(reply.released).toBe(true);
  });

  it('rejects a claim whose evidence blob was tampered with, failing evidence_intact', async () => {
    const runId = randomUUID();
    const extraction = await extractPage(runId, PAGE.replace('11 am', '10 am'));
    await store.corruptForTest(
      extraction.ref.sha256,
      new TextEncoder().encode('<p>Double rooms from $19 per night.</p>'),
    );
    const claim = claimFrom(extraction, '$119', 'Double rooms from $119 per night.');

    const reply = await bus.request(verifyRun, {
      runId,
      claims: [claim],
      expectedRecordIds: [extraction.record.record_id],
    });
    expect(reply.verdicts[0]).toMatchObject({ verdict: 'rejected', outcome: 'evidence_missing' });
    expect(failedChecks(reply)).toEqual(['evidence_intact', 'snippet_at_xpath']);
    expect(reply.verdicts[0]?.checks.find((c) => c.name === 'evidence_intact')?.detail).toMatch(/tampered/);
    expect(reply.released).toBe(false);
  });

  it('marks the trace incomplete when an expected record was never logged, and releases nothing', async () => {
    const runId = randomUUID();
    const extraction = await extractPage(runId);
    const neverLogged = randomUUID();
    const claim = claimFrom(extraction, '$119', 'Double rooms from $119 per night.');

    const reply = await bus.request(verifyRun, {
      runId,
      claims: [claim],
      expectedRecordIds: [extraction.record.record_id, neverLogged],
    });
    expect(reply.trace).toEqual({ complete: false, missingRecordIds: [neverLogged], chainValid: true });
    expect(reply.released).toBe(false);

    // logging's trace report names the action with no log record once the verdict is stored
    const deadline = Date.now() + 20_000;
    let trace = (await bus.request(queryLogs, { runId })).trace;
    // until the verdict's record is stored, the trace reports the action as not yet verified
    while (!trace?.problems.some((p) => p.kind === 'no_record') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      trace = (await bus.request(queryLogs, { runId })).trace;
    }
    expect(trace?.problems).toEqual([
      {
        kind: 'no_record',
        recordId: neverLogged,
        detail: `action ${neverLogged} was expected by a verification but has no log record`,
      },
    ]);
  });

  it('rejects every claim once a log record was edited in the database behind logging', async () => {
    const runId = randomUUID();
    const extraction = await extractPage(runId);
    const claim = claimFrom(extraction, '$119', 'Double rooms from $119 per night.');
    const before = await bus.request(verifyRun, {
      runId,
      claims: [claim],
      expectedRecordIds: [extraction.record.record_id],
    });
    expect(before.released).toBe(true);

    await logging.stop();
    const db = await PGlite.create(loggingConfig.LOGGING_DATA_DIR);
    await db.query(
      `update log_records set body = replace(body, '"attempt":1', '"attempt":2') where record_id = $1`,
      [extraction.record.record_id],
    );
    await db.close();
    logging = await startLoggingService(loggingConfig);

    const after = await bus.request(verifyRun, {
      runId,
      claims: [claim],
      expectedRecordIds: [extraction.record.record_id],
    });
    expect(after.trace.chainValid).toBe(false);
    expect(failedChecks(after)).toEqual(['chain_valid']);
    expect(after.released).toBe(false);
  });
});
