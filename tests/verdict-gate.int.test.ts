import { randomBytes, randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  auditLog,
  logRecordEvent,
  queryLogs,
  recordedVerdictSchema,
  runCompleted,
  verifyRun,
  type Citation,
  type Claim,
  type CommandReply,
  type EventPayload,
} from '@forage/contracts';
import { digestOf, EvidenceStore, generateVerdictKeyPair, parseEvidenceKey } from '@forage/evidence';
import { Bus, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { aLogRecord, startTestNats, tempDir } from '@forage/testing';
import { loadGatewayConfig } from '../apps/gateway/src/config.js';
import { startGatewayService, type RunningGateway } from '../apps/gateway/src/service.js';
import { loadLoggingConfig } from '../apps/logging/src/config.js';
import { startLoggingService } from '../apps/logging/src/service.js';
import { loadVerifierConfig } from '../apps/verifier/src/config.js';
import { startVerifierService } from '../apps/verifier/src/service.js';

const PAGE = `<html><head><title>Lakeside Lodge</title></head><body>
<h1>Lakeside Lodge</h1>
<p>Double rooms from <b>$119</b> per night. Free parking for guests.</p></body></html>`;

type Completion = EventPayload<typeof runCompleted>;

/**
 * The gate is structural: over a real nats-server, with the real logging and verifier services,
 * the gateway shows an answer only as far as the verdict the verifier recorded in the log
 * confirms it. Completions are published by the test, as any NATS client could.
 */
describe('the gateway shows only answers their recorded verdict confirms', () => {
  const key = randomBytes(32).toString('hex');
  // as `forage up` sets them: the verifier alone signs, logging and the gateway check
  const verdictKeys = generateVerdictKeyPair();
  const dir = tempDir('forage-gate-');
  let nats: RunningNatsServer;
  let logging: RunningService;
  let verifier: RunningService;
  let gateway: RunningGateway;
  let nc: NatsConnection;
  let bus: Bus;
  let store: EvidenceStore;

  beforeAll(async () => {
    nats = await startTestNats();
    const env = { NATS_URL: nats.url, OPS_PORT: '0', LOG_LEVEL: 'silent' };
    logging = await startLoggingService(
      loadLoggingConfig({
        ...env,
        LOGGING_DATA_DIR: `${dir.path}/logging`,
        VERDICT_PUBLIC_KEY: verdictKeys.publicKey,
      }),
    );
    verifier = await startVerifierService(
      loadVerifierConfig({ ...env, FORAGE_EVIDENCE_KEY: key, VERIFIER_SIGNING_KEY: verdictKeys.privateKey }),
    );
    gateway = await startGatewayService(
      loadGatewayConfig({ ...env, GATEWAY_PORT: '0', VERDICT_PUBLIC_KEY: verdictKeys.publicKey }),
    );
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 15_000 });
    store = await EvidenceStore.open(nc, { key: parseEvidenceKey(key), retentionMs: 3_600_000 });
  });

  afterAll(async () => {
    await nc.close();
    await gateway.stop();
    await verifier.stop();
    await logging.stop();
    await nats.stop();
    dir.remove();
  });

  /** A run whose page was logged and whose one claim the real verifier checked and recorded. */
  const verifiedRun = async (): Promise<{
    runId: string;
    claim: Claim;
    citation: Citation;
    reply: CommandReply<typeof verifyRun>;
  }> => {
    const runId = randomUUID();
    const ref = await store.put({
      kind: 'dom_snapshot',
      contentType: 'text/html',
      data: new TextEncoder().encode(PAGE),
    });
    const record = aLogRecord({ run_id: runId, evidence: { screenshot: null, dom_snapshot: ref } });
    await bus.publishDurable(logRecordEvent, record, { msgId: record.record_id });
    const claim: Claim = {
      claimId: 'claim-1',
      text: '$119',
      confidence: 0.8,
      source: {
        url: 'http://127.0.0.1:8080/lakeside',
        xpath: '/html/body/p[1]',
        snippet: 'Double rooms from $119 per night.',
        domSnapshot: ref,
        logRecordId: record.record_id,
      },
    };
    const reply = await bus.request(verifyRun, {
      runId,
      claims: [claim],
      expectedRecordIds: [record.record_id],
    });
    const citation: Citation = {
      url: claim.source.url,
      title: 'Lakeside Lodge',
      snippet: claim.source.snippet,
      xpath: claim.source.xpath,
      logRecordId: claim.source.logRecordId,
      evidence: { domSnapshot: ref, screenshot: null },
    };
    return { runId, claim, citation, reply };
  };

  const complete = async (completion: Completion): Promise<Record<string, unknown>> => {
    await bus.publishDurable(runCompleted, completion, { msgId: `${completion.runId}:completed` });
    const deadline = Date.now() + 20_000;
    for (;;) {
      const res = await fetch(`${gateway.httpUrl}/v1/runs/${completion.runId}`);
      if (res.status === 200) {
        const view = (await res.json()) as Record<string, unknown>;
        if (view['status'] === 'completed') return view;
      }
      if (Date.now() > deadline) throw new Error('the gateway never showed the completion');
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const completionOf = (input: {
    runId: string;
    text: string;
    citations: Citation[];
    verdict?: { id: string; digest: string };
  }): Completion => ({
    runId: input.runId,
    outcome: 'answered',
    answer: { text: input.text, confidence: 0.8, citations: input.citations },
    failures: [],
    completedAt: new Date().toISOString(),
    durationMs: 100,
    ...(input.verdict ? { verdict: input.verdict } : {}),
  });

  it('shows the answer the verifier verified, with the verdict it rests on', async () => {
    const run = await verifiedRun();
    expect(run.reply.released).toBe(true);
    const view = await complete(
      completionOf({
        runId: run.runId,
        text: '$119',
        citations: [run.citation],
        ...(run.reply.verdict ? { verdict: run.reply.verdict } : {}),
      }),
    );
    expect(view).toMatchObject({
      result: { outcome: 'answered', answer: { text: '$119', citations: [run.citation] } },
      gate: { status: 'verified', verdictId: run.reply.logRecordId },
    });
  });

  it('refuses a forged completion with a made-up answer and citation', async () => {
    const run = await verifiedRun();
    const forged = { ...run.citation, snippet: 'FORGED ANSWER $1', logRecordId: randomUUID() };
    const view = await complete(
      completionOf({ runId: run.runId, text: 'FORGED ANSWER $1', citations: [forged] }),
    );
    expect(view).toMatchObject({
      result: { outcome: 'unverified', answer: null },
      gate: { status: 'refused' },
    });
  });

  it('refuses another answer presented with the real verdict and citation', async () => {
    const run = await verifiedRun();
    const view = await complete(
      completionOf({
        runId: run.runId,
        text: 'FORGED ANSWER $1',
        citations: [run.citation],
        ...(run.reply.verdict ? { verdict: run.reply.verdict } : {}),
      }),
    );
    expect(view).toMatchObject({
      result: { outcome: 'unverified', answer: null },
      gate: { status: 'refused' },
    });
  });

  it('refuses a completion for a run no verifier has judged', async () => {
    const run = await verifiedRun();
    const view = await complete(
      completionOf({ runId: randomUUID(), text: '$119', citations: [run.citation] }),
    );
    expect(view).toMatchObject({ result: { outcome: 'unverified' }, gate: { status: 'refused' } });
  });

  it("refuses a verdict the verifier's key did not sign, and the audit names it", async () => {
    const run = await verifiedRun();
    // logging stores the verifier's record asynchronously
    let stored: unknown;
    for (const until = Date.now() + 15_000; stored === undefined && Date.now() < until;) {
      const logged = await bus.request(queryLogs, { runId: run.runId, recordIds: [run.reply.logRecordId] });
      stored = logged.records[0]?.output.data['verdict'];
      if (stored === undefined) await new Promise((r) => setTimeout(r, 100));
    }
    const genuine = recordedVerdictSchema.parse(stored);
    // the same verdict for another run, recorded in the verifier's name by a client without its key
    const runId = randomUUID();
    const verdict = { ...genuine, runId };
    const forged = aLogRecord({
      tool_name: 'verifier',
      run_id: runId,
      task_id: 'verify',
      output: { data: { verdict, released: true } },
    });
    await bus.publishDurable(logRecordEvent, forged, { msgId: forged.record_id });
    const view = await complete(
      completionOf({
        runId,
        text: '$119',
        citations: [run.citation],
        verdict: { id: forged.record_id, digest: digestOf(verdict) },
      }),
    );
    expect(view).toMatchObject({
      result: { outcome: 'unverified', answer: null },
      gate: { status: 'refused' },
    });
    const audit = await bus.request(auditLog, { fromSeq: 1 });
    expect(audit.valid).toBe(false);
    expect(audit.verdicts?.forged).toEqual([
      expect.objectContaining({ recordId: forged.record_id, runId, problem: 'unsigned verdict' }),
    ]);
    expect(audit.verdicts?.checked).toBeGreaterThan(1);
  });

  it('releases a partly verified answer without its unverified citation, and lists it', async () => {
    const run = await verifiedRun();
    const invented = { ...run.citation, snippet: 'Heated outdoor pool.', logRecordId: randomUUID() };
    const view = await complete(
      completionOf({ runId: run.runId, text: '$119 and a heated pool', citations: [run.citation, invented] }),
    );
    expect(view).toMatchObject({
      result: {
        outcome: 'answered',
        answer: { citations: [run.citation] },
        failures: [{ claim: 'Heated outdoor pool.' }],
      },
      gate: { status: 'partly_verified', withheld: [invented] },
    });
  });
});
