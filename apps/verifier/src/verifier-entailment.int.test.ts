import { randomBytes, randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { queryLogs, verifyRun, type StoredLogRecord } from '@forage/contracts';
import { EvidenceStore, parseEvidenceKey } from '@forage/evidence';
import { Bus, decodeJson, encodeJson, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { aClaim, aLogRecord, startFakeOpenAi, startTestNats, type FakeOpenAi } from '@forage/testing';
import { loadVerifierConfig } from './config.js';
import { startVerifierService } from './service.js';

const PAGE =
  '<html><body><h1>Harbour Hotel</h1><p>Rooms from $149 a night, parking included.</p></body></html>';

/**
 * The verifier configured with a model (LLM_BASE_URL, LLM_MODEL) on a real nats-server, the model
 * a local OpenAI-compatible endpoint: its "no" withholds a claim the checks verified, with its
 * reason in the verdict; its "yes" releases nothing a check refused.
 */
describe('verifier service with a model configured', () => {
  const key = randomBytes(32).toString('hex');
  const stored: StoredLogRecord[] = [];
  let nats: RunningNatsServer;
  let api: FakeOpenAi;
  let service: RunningService;
  let nc: NatsConnection;
  let bus: Bus;
  let store: EvidenceStore;

  beforeAll(async () => {
    nats = await startTestNats();
    api = await startFakeOpenAi();
    service = await startVerifierService(
      loadVerifierConfig({
        NATS_URL: nats.url,
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
        FORAGE_EVIDENCE_KEY: key,
        LLM_BASE_URL: api.baseURL,
        LLM_MODEL: 'fake-model',
        LLM_MAX_RETRIES: '0',
      }),
    );
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 10_000 });
    store = await EvidenceStore.open(nc, { key: parseEvidenceKey(key), retentionMs: 3_600_000 });
    nc.subscribe(queryLogs.subject, {
      callback: (_err, msg) => {
        const request = queryLogs.request.parse(decodeJson(msg.data));
        const records = stored.filter((r) => r.run_id === request.runId);
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
  });

  afterAll(async () => {
    await nc.close();
    await service.stop();
    await api.stop();
    await nats.stop();
  });

  /** A run with two claims on the stored page: the right price, and a price the page does not state. */
  async function aRun() {
    const ref = await store.put({
      kind: 'dom_snapshot',
      contentType: 'text/html',
      data: new TextEncoder().encode(PAGE),
    });
    const runId = randomUUID();
    const recordId = randomUUID();
    const record: StoredLogRecord = {
      ...aLogRecord({
        record_id: recordId,
        run_id: runId,
        evidence: { screenshot: null, dom_snapshot: ref },
      }),
      seq: stored.length + 1,
      prev_hash: '0'.repeat(64),
      hash: 'b'.repeat(64),
    };
    stored.push(record);
    const source = {
      url: 'http://127.0.0.1:8080/harbour',
      xpath: '/html/body/p',
      snippet: 'Rooms from $149 a night',
      domSnapshot: ref,
      logRecordId: recordId,
    };
    const right = aClaim({ claimId: 'right', text: '$149', source });
    const wrong = {
      ...aClaim({ claimId: 'wrong', text: '$149', source }),
      value: { type: 'money' as const, amount: 189, currency: 'USD' },
    };
    return { runId, recordId, right, wrong };
  }

  it('a model that says "yes" to everything releases nothing a deterministic check refused', async () => {
    api.script({ kind: 'completion', content: '{"entailed": true, "reason": "stated"}' });
    const { runId, recordId, right, wrong } = await aRun();
    const reply = await bus.request(verifyRun, {
      runId,
      claims: [right, wrong],
      expectedRecordIds: [recordId],
    });
    expect(reply.verdicts.map((v) => v.verdict)).toEqual(['verified', 'rejected']);
    expect(reply.verdicts[0]?.checks.at(-1)).toMatchObject({ name: 'entailment', passed: true });
    expect(reply.verdicts[1]?.checks.some((c) => c.name === 'entailment')).toBe(false);
    expect(reply.verdicts[1]?.confidence).toBe(0);
  });

  it('a model that says "no" withholds a verified claim, its reason in the verdict', async () => {
    api.script({
      kind: 'completion',
      content: '{"entailed": false, "reason": "the rate is a starting price"}',
    });
    const { runId, recordId, right } = await aRun();
    const reply = await bus.request(verifyRun, { runId, claims: [right], expectedRecordIds: [recordId] });
    expect(reply.verdicts[0]).toMatchObject({ verdict: 'rejected', outcome: 'unsupported' });
    expect(reply.verdicts[0]?.reasons?.join(' ')).toContain('the rate is a starting price');
    expect(reply.released).toBe(false);
  });
});
