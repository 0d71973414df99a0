import { randomBytes, randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  aggregatePassages,
  answerQuestion,
  logRecordSchema,
  normalizeChunks,
  processListings,
} from '@forage/contracts';
import { EvidenceStore, parseEvidenceKey } from '@forage/evidence';
import {
  Bus,
  decodeJson,
  encodeJson,
  streams,
  type RunningNatsServer,
  type RunningService,
} from '@forage/messaging';
import {
  aSourcedChunk,
  SERVER_ERROR,
  startFakeOpenAi,
  startTestNats,
  type FakeOpenAi,
} from '@forage/testing';
import { loadProcessingConfig } from './config.js';
import { startProcessingService } from './service.js';
import { storeChunkSets } from './testing/stored-chunk-sets.js';
import { veloriaChunks } from './testing/veloria-chunks.js';

const QUESTION = 'What is the population of Veloria?';

describe('processing over NATS', () => {
  let nats: RunningNatsServer;
  let heuristic: RunningService;
  let nc: NatsConnection;
  let bus: Bus;
  let store: EvidenceStore;
  const key = randomBytes(32).toString('hex');
  const env = { OPS_PORT: '0', LOG_LEVEL: 'silent', FORAGE_EVIDENCE_KEY: key };
  /** The Veloria chunks stored as chunk sets: the references a request carries, and the chunks processing reads. */
  const veloria = () => storeChunkSets(store, veloriaChunks());

  beforeAll(async () => {
    nats = await startTestNats();
    heuristic = await startProcessingService(loadProcessingConfig({ NATS_URL: nats.url, ...env }));
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 10_000 });
    store = await EvidenceStore.open(nc, { key: parseEvidenceKey(key), retentionMs: 86_400_000 });
  });

  afterAll(async () => {
    await nc.close();
    await heuristic.stop();
    await nats.stop();
  });

  it('answers from the chunk sets it reads by reference, with heuristics when no LLM is configured, citing its source', async () => {
    const { chunkSets, chunks } = await veloria();
    const reply = await bus.request(answerQuestion, { runId: randomUUID(), question: QUESTION, chunkSets });
    expect(reply).toMatchObject({ method: 'heuristic', abstained: false, reason: null });
    const [top] = reply.answers;
    const source = chunks.find((c) => c.chunkId === top?.source.chunkId);
    expect(top?.text).toBe('1,234,567');
    expect(source?.text).toContain(top?.source.snippet);
    expect(top?.source).toMatchObject({
      url: source?.url,
      xpath: source?.xpath,
      domSnapshot: source?.domSnapshot,
      logRecordId: source?.logRecordId,
    });
  });

  it('abstains with a reason on an unanswerable question', async () => {
    const reply = await bus.request(answerQuestion, {
      runId: randomUUID(),
      question: 'What is the GDP of Veloria?',
      chunkSets: (await veloria()).chunkSets,
    });
    expect(reply).toMatchObject({ abstained: true, answers: [], method: 'heuristic' });
    expect(reply.reason).toContain('below minConfidence');
  });

  it('records each answer durably and returns the record id', async () => {
    const runId = randomUUID();
    const { chunkSets } = await veloria();
    const reply = await bus.request(answerQuestion, { runId, question: QUESTION, chunkSets });
    const jsm = await jetstreamManager(nc);
    const stored = await jsm.streams.getMessage(streams.logs.name, {
      last_by_subj: 'log.record.v1.processing',
    });
    const record = logRecordSchema.parse(stored?.json());
    expect(record).toMatchObject({
      record_id: reply.logRecordId,
      run_id: runId,
      tool_name: 'processing',
      status: 'success',
      confidence_score: reply.answers[0]?.confidence,
      evidence: { dom_snapshot: reply.answers[0]?.source.domSnapshot },
      output: {
        data: {
          question: QUESTION,
          method: 'heuristic',
          abstained: false,
          answers: [expect.objectContaining({ text: '1,234,567' })],
          chunkSets: chunkSets.map((c) => c.chunkSet.sha256),
        },
      },
    });
  });

  it('reads only the chunks a selection names, and answers not_found for a set the store does not hold', async () => {
    const { chunkSets, chunks } = await veloria();
    // veloriaChunks names one capture per chunk: the population row's set alone
    const row = chunks.findIndex((c) => c.text.startsWith('Population:'));
    const only = chunkSets.slice(row, row + 1);
    const reply = await bus.request(answerQuestion, {
      runId: randomUUID(),
      question: QUESTION,
      chunkSets: only,
    });
    expect(reply.answers[0]).toMatchObject({ text: '1,234,567', source: { chunkId: chunks[row]?.chunkId } });
    const [first] = chunkSets;
    if (!first) throw new Error('no chunk set');
    const none = await bus.request(answerQuestion, {
      runId: randomUUID(),
      question: QUESTION,
      chunkSets: chunkSets.map((s) => ({ ...s, chunkIds: ['no-such-chunk'] })),
    });
    expect(none).toMatchObject({ abstained: true, answers: [] });
    const missing = bus.request(answerQuestion, {
      runId: randomUUID(),
      question: QUESTION,
      chunkSets: [{ ...first, chunkSet: { ...first.chunkSet, sha256: 'b'.repeat(64) } }],
    });
    await expect(missing).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses a question with no content words with a typed invalid_request, never an answer', async () => {
    const questions = ['\u0000\u0007\u001b[31m\u001b[0m\r\n', '?!… --', 'What is it?'];
    for (const question of questions) {
      const msg = await nc.request(
        answerQuestion.subject,
        encodeJson({ runId: randomUUID(), question, chunkSets: (await veloria()).chunkSets }),
        { timeout: 5_000 },
      );
      const reply = decodeJson(msg.data) as { error?: { code: string; issues?: { path: string }[] } };
      expect(reply).toMatchObject({ error: { code: 'invalid_request', retryable: false } });
      expect(reply.error?.issues?.[0]?.path).toBe('question');
    }
  });

  it('reports the expected answer type, the confidence and its components', async () => {
    const { chunkSets } = await veloria();
    const answered = await bus.request(answerQuestion, {
      runId: randomUUID(),
      question: QUESTION,
      chunkSets,
    });
    expect(answered).toMatchObject({ expectedType: 'number', confidence: answered.answers[0]?.confidence });
    expect(answered.answers[0]?.source.nodeId).toBe(answered.answers[0]?.source.chunkId);
    const withheld = await bus.request(answerQuestion, {
      runId: randomUUID(),
      question: QUESTION,
      chunkSets,
      minConfidence: 0.99,
    });
    expect(withheld).toMatchObject({ abstained: true, answers: [] });
    expect(withheld.confidence).toBeGreaterThan(0);
    expect(withheld.components).toEqual({
      retriever: expect.any(Number) as unknown,
      qa: expect.any(Number) as unknown,
      lengthPenalty: 1,
    });
  });

  it('aggregates passages (add, replace, ignore) and names what the question still lacks', async () => {
    const reply = await bus.request(aggregatePassages, {
      runId: randomUUID(),
      question: 'What are the population and the capital of Veloria?',
      gathered: [{ id: 'a', text: 'Veloria has a population of 1,234,567 people.', confidence: 0.4 }],
      incoming: [
        { id: 'b', text: 'Veloria has a population of 1,234,567 people', confidence: 0.9 },
        { id: 'c', text: 'We use cookies.', confidence: 0.9 },
      ],
    });
    expect(reply.decisions.map((d) => [d.passageId, d.action])).toEqual([
      ['b', 'replace'],
      ['c', 'ignore'],
    ]);
    expect(reply.missing).toEqual(['capital']);
  });

  it('normalises chunk text and drops duplicates', async () => {
    const a = aSourcedChunk({ chunkId: 'a', text: 'Population:\u00a0 1,234,567' });
    const b = aSourcedChunk({ chunkId: 'b', text: 'population: 1,234,567' });
    const c = aSourcedChunk({ chunkId: 'c', text: 'Ｃａｐｉｔａｌ: Portavel' });
    const reply = await bus.request(normalizeChunks, { runId: randomUUID(), chunks: [a, b, c] });
    expect(reply.dropped).toBe(1);
    expect(reply.chunks.map((x) => [x.chunkId, x.text])).toEqual([
      ['a', 'Population: 1,234,567'],
      ['c', 'Capital: Portavel'],
    ]);
  });

  it('validates, merges across pages and ranks listings; refuses a malformed page with invalid_request', async () => {
    const field = (value: unknown) => ({
      value,
      xpath: '/html[1]/body[1]/li[1]/h3[1]',
      snippet: String(value),
      origin: 'json-ld',
    });
    const card = (id: string, name: string, price: string) => ({
      kind: 'hotel',
      id,
      xpath: `/html[1]/body[1]/li[${id}]`,
      origin: 'json-ld',
      confidence: 0.9,
      name: field(name),
      price: field(price),
      currency: field('USD'),
    });
    const chunk = aSourcedChunk();
    const page = (url: string, listings: unknown[]) => ({
      url,
      title: 'Hotels in Besby',
      domSnapshot: chunk.domSnapshot,
      logRecordId: chunk.logRecordId,
      listings,
    });
    const reply = await bus.request(processListings, {
      runId: randomUUID(),
      pages: [
        page('https://hotels.test/besby', [card('1', 'Harbour View', '189'), card('2', 'Old Compass', '82')]),
        page('https://hotels.test/besby?page=2', [card('1', 'The Old Compass', '82')]),
      ] as never,
      criteria: { rankBy: 'price', limit: 5 },
    });
    expect(reply.duplicates).toBe(1);
    expect(reply.items.map((i) => [i.name, i.price?.amount])).toEqual([
      ['Old Compass', 82],
      ['Harbour View', 189],
    ]);
    expect(reply.items[0]?.source).toMatchObject({ url: 'https://hotels.test/besby', nodeId: '2' });
    const bad = await nc.request(
      processListings.subject,
      encodeJson({ runId: randomUUID(), pages: [{ url: 'not a url', listings: 'x' }] }),
      { timeout: 5_000 },
    );
    expect(decodeJson(bad.data)).toMatchObject({ error: { code: 'invalid_request', retryable: false } });
  });

  it('answers invalid payloads with typed invalid_request replies and stays healthy', async () => {
    const bad = [
      { runId: randomUUID(), question: '   ', chunkSets: [] },
      { runId: 'nope', question: QUESTION, chunkSets: [] },
      { runId: randomUUID(), question: QUESTION, chunkSets: [{ chunkSet: 'x' }] },
      { runId: randomUUID(), question: QUESTION, chunkSets: [], maxAnswers: 0 },
      // chunk bodies by value are not accepted any more
      { runId: randomUUID(), question: QUESTION, chunks: veloriaChunks() },
    ];
    for (const body of bad) {
      const msg = await nc.request(answerQuestion.subject, encodeJson(body), { timeout: 5_000 });
      expect(decodeJson(msg.data)).toMatchObject({ error: { code: 'invalid_request', retryable: false } });
    }
    const normalize = await nc.request(
      normalizeChunks.subject,
      encodeJson({ runId: randomUUID(), chunks: 'no' }),
      { timeout: 5_000 },
    );
    expect(decodeJson(normalize.data)).toMatchObject({ error: { code: 'invalid_request' } });
    const health = await fetch(`http://127.0.0.1:${heuristic.opsPort}/health`);
    expect(await health.json()).toMatchObject({ ok: true });
    const { chunkSets } = await veloria();
    const reply = await bus.request(answerQuestion, { runId: randomUUID(), question: QUESTION, chunkSets });
    expect(reply.answers[0]?.text).toBe('1,234,567');
  });

  describe('with an LLM endpoint configured', () => {
    let llm: FakeOpenAi;
    let withLlm: RunningService;

    beforeAll(async () => {
      llm = await startFakeOpenAi();
      // stop the heuristic-only replica so every request reaches the one with a model
      await heuristic.stop();
      withLlm = await startProcessingService(
        loadProcessingConfig({
          NATS_URL: nats.url,
          ...env,
          LLM_BASE_URL: llm.baseURL,
          LLM_MODEL: 'fake-model',
        }),
      );
    });

    afterAll(async () => {
      await withLlm.stop();
      await llm.stop();
    });

    it('answers with the model when its reply is grounded', async () => {
      const { chunkSets, chunks } = await veloria();
      const row = chunks.find((c) => c.text.startsWith('Population:'));
      llm.script({ kind: 'completion', content: '{"abstain": true, "reason": "probe"}' });
      await bus.request(answerQuestion, { runId: randomUUID(), question: QUESTION, chunkSets });
      const user = llm.requests.at(-1)?.messages[1]?.content ?? '';
      const n = /<<<EXCERPT (\d+)>>>\nPage: [^\n]*\nSection: [^\n]*\nPopulation: 1,234,567/.exec(user)?.[1];
      llm.script({
        kind: 'completion',
        content: JSON.stringify({ answer: '1,234,567', chunk: Number(n), quote: row?.text, confidence: 0.9 }),
      });
      const reply = await bus.request(answerQuestion, { runId: randomUUID(), question: QUESTION, chunkSets });
      expect(reply).toMatchObject({
        method: 'llm',
        abstained: false,
        answers: [{ text: '1,234,567', source: { chunkId: row?.chunkId } }],
        // the fake endpoint reports 812 prompt and 41 completion tokens per call
        usage: { calls: 1, promptTokens: 812, completionTokens: 41, costUsd: 0 },
      });
    });

    it('falls back to heuristics when the endpoint fails, without failing the request', async () => {
      llm.script(SERVER_ERROR);
      const reply = await bus.request(answerQuestion, {
        runId: randomUUID(),
        question: QUESTION,
        chunkSets: (await veloria()).chunkSets,
      });
      expect(reply).toMatchObject({
        method: 'heuristic',
        abstained: false,
        answers: [expect.objectContaining({ text: '1,234,567' })],
      });
    });
  });
});

describe('processing configuration', () => {
  it('requires LLM_MODEL when LLM_BASE_URL is set, naming the variable', () => {
    expect(() =>
      loadProcessingConfig({ LLM_BASE_URL: 'http://127.0.0.1:8000/v1', FORAGE_EVIDENCE_KEY: 'a'.repeat(64) }),
    ).toThrow(/LLM_MODEL/);
  });

  it('treats empty LLM variables as unset', () => {
    const config = loadProcessingConfig({
      LLM_BASE_URL: '',
      LLM_MODEL: '',
      FORAGE_EVIDENCE_KEY: 'a'.repeat(64),
    });
    expect(config.LLM_BASE_URL).toBeUndefined();
    expect(config.OPS_PORT).toBe(7806);
  });
});
