import { randomBytes, randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  answerQuestion,
  logRecordEvent,
  queryLogs,
  understandPage,
  verifyRun,
  type Claim,
  type LogRecord,
} from '@forage/contracts';
import { EvidenceStore, parseEvidenceKey } from '@forage/evidence';
import { Bus, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { aLogRecord, startTestNats, tempDir } from '@forage/testing';
import { busReplayTools } from '../apps/cli/src/commands/replay.js';
import { replayLines } from '../apps/cli/src/replay/compare.js';
import { replayRun } from '../apps/cli/src/replay/replay.js';
import { loadDomUnderstandingConfig } from '../apps/dom-understanding/src/config.js';
import { startDomUnderstandingService } from '../apps/dom-understanding/src/service.js';
import { loadLoggingConfig } from '../apps/logging/src/config.js';
import { startLoggingService } from '../apps/logging/src/service.js';
import { loadProcessingConfig } from '../apps/processing/src/config.js';
import { startProcessingService } from '../apps/processing/src/service.js';
import { loadVerifierConfig } from '../apps/verifier/src/config.js';
import { startVerifierService } from '../apps/verifier/src/service.js';

const PAGE = `<!doctype html><html><head><title>Fernhill Observatory</title></head><body>
<h1>Fernhill Observatory</h1>
<p>The observatory was founded in 1887 by the astronomer Mara Quell.</p>
<table><tr><th>Telescope</th><th>Aperture</th></tr><tr><td>Great Refractor</td><td>71 cm</td></tr></table>
<p>Guided tours run every Saturday.</p></body></html>`;
const QUESTION = 'When was Fernhill Observatory founded?';

/**
 * `forage replay` over real services: a run is made the way the orchestrator makes one (a stored
 * page, its dom-extraction record, understanding, an answer, a verdict), then replayed from the log
 * and the evidence store alone. The replay reaches the same answer and verdicts; after the stored
 * snapshot is tampered with, it lists what differs.
 */
describe('forage replay: understanding, processing and verification again over stored evidence', () => {
  const key = randomBytes(32).toString('hex');
  const dir = tempDir('forage-replay-');
  let nats: RunningNatsServer;
  const services: RunningService[] = [];
  let nc: NatsConnection;
  let bus: Bus;
  let store: EvidenceStore;

  beforeAll(async () => {
    nats = await startTestNats();
    const common = { NATS_URL: nats.url, OPS_PORT: '0', LOG_LEVEL: 'silent' };
    services.push(
      await startLoggingService(loadLoggingConfig({ ...common, LOGGING_DATA_DIR: `${dir.path}/logging` })),
      await startDomUnderstandingService(loadDomUnderstandingConfig({ ...common, FORAGE_EVIDENCE_KEY: key })),
      await startProcessingService(loadProcessingConfig({ ...common, FORAGE_EVIDENCE_KEY: key })),
      await startVerifierService(
        loadVerifierConfig({ ...common, FORAGE_EVIDENCE_KEY: key, VERIFY_TRACE_WAIT_MS: '5000' }),
      ),
    );
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 20_000 });
    store = await EvidenceStore.open(nc, { key: parseEvidenceKey(key), retentionMs: 3_600_000 });
  }, 60_000);

  afterAll(async () => {
    await nc.close();
    for (const service of services.reverse()) await service.stop();
    await nats.stop();
    dir.remove();
  });

  /** A run as the orchestrator makes it; resolves once the verifier's record is stored. */
  async function makeRun(): Promise<{ runId: string; record: LogRecord; answer: string }> {
    const runId = randomUUID();
    const url = 'https://fernhill.example/observatory';
    const ref = await store.put({
      kind: 'dom_snapshot',
      contentType: 'text/html',
      data: new TextEncoder().encode(PAGE),
    });
    const record = aLogRecord({
      run_id: runId,
      tool_name: 'dom-extraction',
      task_id: `extract:${url}`,
      output: { data: { url } },
      evidence: { screenshot: null, dom_snapshot: ref },
    });
    await bus.publishDurable(logRecordEvent, record, { msgId: record.record_id });
    const understood = await bus.request(understandPage, { runId, url, domSnapshot: ref });
    const chunkSets = [
      { chunkSet: understood.chunkSet.ref, domSnapshot: ref, logRecordId: record.record_id },
    ];
    const answered = await bus.request(answerQuestion, { runId, question: QUESTION, chunkSets });
    const top = answered.answers[0];
    if (!top) throw new Error(`no answer: ${answered.reason ?? ''}`);
    const claim: Claim = {
      claimId: 'c1',
      text: top.text,
      confidence: top.confidence,
      source: {
        url,
        xpath: top.source.xpath,
        snippet: top.source.snippet,
        domSnapshot: ref,
        logRecordId: record.record_id,
      },
    };
    const verified = await bus.request(verifyRun, {
      runId,
      claims: [claim],
      expectedRecordIds: [record.record_id],
    });
    expect(verified.released).toBe(true);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const stored = await bus.request(queryLogs, { runId, recordIds: [verified.logRecordId] });
      if (stored.records.length > 0) return { runId, record, answer: top.text };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the verdict was never stored');
  }

  it('reaches the same answer and verdicts from the stored evidence', async () => {
    const run = await makeRun();
    expect(run.answer).toContain('1887');

    const report = await replayRun(busReplayTools(bus), run.runId);

    expect(report.differences).toEqual([]);
    expect(report.same).toBe(true);
    expect(report.pages).toBe(1);
    expect(report.questions).toEqual([{ question: QUESTION, original: run.answer, replay: run.answer }]);
    expect(report.claims).toEqual([
      { text: run.answer, original: 'verified', replay: 'verified', reasons: [] },
    ]);
    expect(report.released).toEqual({ original: true, replay: true });
    expect(replayLines(report).at(-1)).toBe('same answer and verdicts');
    // the replay's own understanding and answer went to its own run, not the original's trace
    const replayTrace = await bus.request(queryLogs, { runId: report.replayRunId, limit: 100 });
    expect(replayTrace.records.map((r) => r.tool_name).sort()).toEqual(['dom-understanding', 'processing']);
    // the re-verification is logged under the run as a replay, not as a second release attempt
    const runTrace = await bus.request(queryLogs, { runId: run.runId, tool: 'verifier', limit: 100 });
    expect(
      runTrace.records.map((r) => [r.task_id, r.metadata.attempt, r.output.data['replay']]).sort(),
    ).toEqual([
      ['verify', 1, false],
      ['verify:replay', 1, true],
    ]);
  }, 90_000);

  it('lists the differences when the stored snapshot no longer matches what the run saw', async () => {
    const run = await makeRun();
    const ref = run.record.evidence.dom_snapshot;
    if (!ref) throw new Error('no snapshot');
    await store.corruptForTest(ref.sha256, new TextEncoder().encode(PAGE.replace('1887', '1901')));

    const report = await replayRun(busReplayTools(bus), run.runId);

    expect(report.same).toBe(false);
    expect(report.differences.join('\n')).toContain('could not be understood again');
    expect(report.differences.join('\n')).toContain(
      `claim "${run.answer}": verified then, evidence_missing on replay`,
    );
    expect(report.differences.join('\n')).toContain('the answer was released then, withheld on replay');
  }, 90_000);
});
