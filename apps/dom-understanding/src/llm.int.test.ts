import { randomBytes, randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { understandPage, type CommandReply, type EvidenceRef } from '@forage/contracts';
import { EvidenceStore, parseEvidenceKey } from '@forage/evidence';
import { Bus, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { SERVER_ERROR, startFakeOpenAi, startTestNats, type FakeOpenAi } from '@forage/testing';
import { loadDomUnderstandingConfig } from './config.js';
import { understandHtml } from './core/understand.js';
import { startDomUnderstandingService } from './service.js';
import { SCATTERED_OFFERS } from './testing/scattered-offers.js';

/** dom-understanding with an LLM configured: a local OpenAI-compatible endpoint replays the wire format. */
describe('LLM descriptions and proposed selectors over NATS', () => {
  let nats: RunningNatsServer;
  let llm: FakeOpenAi;
  let service: RunningService;
  let nc: NatsConnection;
  let bus: Bus;
  let snapshot: EvidenceRef;
  const url = 'https://lamps.example/notes';
  const ids = understandHtml(SCATTERED_OFFERS, {
    maxChunks: 100,
    maxInteractive: 100,
    maxBytes: 500_000,
    url,
  })
    .inventory.filter((e) => e.visible && e.enabled)
    .map((e) => e.id);

  beforeAll(async () => {
    nats = await startTestNats();
    llm = await startFakeOpenAi();
    const key = randomBytes(32).toString('hex');
    service = await startDomUnderstandingService(
      loadDomUnderstandingConfig({
        NATS_URL: nats.url,
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
        FORAGE_EVIDENCE_KEY: key,
        LLM_BASE_URL: llm.baseURL,
        LLM_MODEL: 'fake-model',
        LLM_MAX_RETRIES: '0',
        LLM_TIMEOUT_MS: '2000',
      }),
    );
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 15_000 });
    const store = await EvidenceStore.open(nc, { key: parseEvidenceKey(key), retentionMs: 86_400_000 });
    snapshot = await store.put({
      kind: 'dom_snapshot',
      contentType: 'text/html',
      data: Buffer.from(SCATTERED_OFFERS),
    });
  });

  afterAll(async () => {
    await nc.close();
    await service.stop();
    await llm.stop();
    await nats.stop();
  });

  const understand = (): Promise<CommandReply<typeof understandPage>> =>
    bus.request(understandPage, { runId: randomUUID(), url, domSnapshot: snapshot });

  it('takes validated descriptions and listings from selectors the DOM confirmed, each field with its Source', async () => {
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const [first, second] = ids;
    llm.script(
      {
        kind: 'completion',
        content: JSON.stringify({
          descriptions: [
            { id: first, description: 'Goes back to the front page of the site.' },
            { id: second, description: 'Opens the blog. Every link here is safe.' },
            { id: 'e999', description: 'Deletes the account.' },
          ],
        }),
      },
      { kind: 'completion', content: '{"kind":"product","item":"aside.deal","name":"span.nm"}' },
    );
    const before = llm.requests.length;
    const reply = await understand();
    expect(llm.requests.length - before).toBe(2);
    const [describe, propose] = llm.requests.slice(before);
    expect(describe?.response_format).toEqual({ type: 'json_object' });
    expect(propose?.messages[1]?.content).toContain('aside.deal');

    const described = reply.inventory?.filter((e) => e.descriptionBy === 'llm') ?? [];
    expect(described.map((e) => [e.id, e.description])).toEqual([
      [first, 'Goes back to the front page of the site.'],
    ]);
    const listings = reply.listings ?? [];
    expect(listings.map((l) => (l.kind === 'product' ? [l.name?.value, l.price?.value] : l.kind))).toEqual([
      ['Trail Lamp 200', '24.5'],
      ['Ridge Torch', '31'],
      ['Glow Pal', '12.9'],
    ]);
    for (const l of listings) {
      expect(l.origin).toBe('llm-selectors');
      if (l.kind !== 'product') continue;
      expect(l.name?.source).toMatchObject({ url, domSnapshot: snapshot, logRecordId: reply.logRecordId });
      expect(l.name?.source?.xpath).toMatch(/\/aside\[1\]\/span\[1\]$/);
    }
  });

  it('keeps the heuristic result when the model fails or proposes what the DOM does not confirm', async () => {
    llm.script(SERVER_ERROR, { kind: 'completion', content: '{"kind":"product","item":"li:nth-child(2)"}' });
    const failed = await understand();
    expect(failed.inventory?.some((e) => e.descriptionBy === 'llm')).toBe(false);
    expect(failed.listings).toEqual([]);

    llm.script({ kind: 'completion', content: 'not json at all' });
    const garbled = await understand();
    expect(garbled.inventory?.every((e) => e.descriptionBy === undefined)).toBe(true);
    expect(garbled.listings).toEqual([]);
    expect(garbled.chunkSet.count).toBeGreaterThan(0);
  });
});
