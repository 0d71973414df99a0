import { randomBytes, randomUUID } from 'node:crypto';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import {
  answerQuestion,
  sourcedChunkId,
  understandPage,
  type EvidenceRef,
  type SourcedChunk,
} from '@forage/contracts';
import { EvidenceStore, parseEvidenceKey } from '@forage/evidence';
import { Bus, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { startTestNats } from '@forage/testing';
import { loadDomUnderstandingConfig } from '../apps/dom-understanding/src/config.js';
import { startDomUnderstandingService } from '../apps/dom-understanding/src/service.js';
import { createBusActivities } from '../apps/orchestrator/src/adapters/bus-activities.js';
import { loadOrchestratorConfig } from '../apps/orchestrator/src/config.js';
import { loadProcessingConfig } from '../apps/processing/src/config.js';
import { startProcessingService } from '../apps/processing/src/service.js';

/** NATS refuses messages over 1 MB; "well under" it: a tenth. */
const WELL_UNDER_CAP = 100 * 1024;
const PAGES = 10;
const PAGE_BYTES = 2 * 1024 * 1024;
const FACT_PAGE = 6;
const FACT = 'The Kestrel Point lighthouse was completed in 1873 by the harbour board.';

/**
 * Ten 2 MB pages in one run, through real NATS, dom-understanding, processing and the
 * orchestrator's bus activities: chunks travel only as references to stored chunk sets, so every
 * message (requests and replies, observed on the wire) stays far below the 1 MB cap, and the
 * answer still comes back with its source.
 */
describe('a run over ten 2 MB pages', () => {
  let nats: RunningNatsServer;
  let services: RunningService[];
  let nc: NatsConnection;
  let store: EvidenceStore;
  const key = randomBytes(32).toString('hex');
  const sizes = new Map<string, number>();
  const subs: Subscription[] = [];

  beforeAll(async () => {
    nats = await startTestNats();
    const env = { NATS_URL: nats.url, OPS_PORT: '0', LOG_LEVEL: 'silent', FORAGE_EVIDENCE_KEY: key };
    services = [
      await startDomUnderstandingService(loadDomUnderstandingConfig(env)),
      await startProcessingService(loadProcessingConfig(env)),
    ];
    nc = await connect({ servers: nats.url });
    store = await EvidenceStore.open(nc, { key: parseEvidenceKey(key), retentionMs: 3_600_000 });
    // every request to the two services and every reply (inboxes), as they cross the wire
    for (const subject of [understandPage.subject, answerQuestion.subject, '_INBOX.>']) {
      const sub = nc.subscribe(subject);
      subs.push(sub);
      void (async () => {
        for await (const msg of sub) {
          // the object store's own chunks (at most its 128 KB chunk size) are storage, not messages between services
          if (msg.subject.startsWith('$O.')) continue;
          const name = msg.subject.startsWith('_INBOX.') ? 'reply' : msg.subject;
          sizes.set(name, Math.max(sizes.get(name) ?? 0, msg.data.length));
        }
      })();
    }
    await nc.flush();
  }, 60_000);

  afterAll(async () => {
    for (const sub of subs) sub.unsubscribe();
    await nc.close();
    for (const service of services) await service.stop();
    await nats.stop();
  });

  it('keeps every message well under the cap and answers with its source', async () => {
    const runId = randomUUID();
    const bus = new Bus(nc, { timeoutMs: 60_000 });
    const acts = createBusActivities({
      bus,
      evidence: store,
      config: loadOrchestratorConfig({ FORAGE_EVIDENCE_KEY: key }),
      runId,
      attempt: 0,
    });
    const chunks: SourcedChunk[] = [];
    let chunkBytes = 0;
    for (let n = 0; n < PAGES; n++) {
      const url = `http://127.0.0.1:8080/reports/${String(n)}`;
      const html = pageOf(n);
      expect(html.length).toBeGreaterThanOrEqual(PAGE_BYTES);
      const domSnapshot: EvidenceRef = await store.put({
        kind: 'dom_snapshot',
        contentType: 'text/html',
        data: Buffer.from(html),
      });
      const logRecordId = randomUUID();
      // the understand activity asks dom-understanding and reads the stored chunk set for the loop
      const understood = await acts.understand({ url, domSnapshot });
      for (const c of understood.chunks) {
        chunkBytes += c.text.length;
        chunks.push({
          chunkId: sourcedChunkId({ logRecordId, chunkId: c.id }),
          url,
          title: understood.title,
          text: c.text,
          headingPath: c.headingPath,
          xpath: c.xpath,
          domSnapshot,
          logRecordId,
        });
      }
    }
    // the chunks read are far more than one message could carry
    expect(chunkBytes).toBeGreaterThan(PAGES * 1024 * 1024);

    const reply = await acts.answer('When was the Kestrel Point lighthouse completed?', chunks);
    expect(reply.abstained).toBe(false);
    const [top] = reply.answers;
    expect(top?.text).toContain('1873');
    expect(top?.source).toMatchObject({ url: `http://127.0.0.1:8080/reports/${String(FACT_PAGE)}` });
    const cited = chunks.find((c) => c.chunkId === top?.source.chunkId);
    expect(cited?.text).toContain(top?.source.snippet);

    await nc.flush();
    expect([...sizes.keys()].sort()).toEqual([understandPage.subject, answerQuestion.subject, 'reply']);
    for (const [subject, bytes] of sizes)
      expect({ subject, bytes: Math.min(bytes, WELL_UNDER_CAP) }).toEqual({ subject, bytes });
  }, 120_000);
});

/** A long report page: sections of varied prose; the fact page holds one paragraph with the fact. */
function pageOf(n: number): string {
  const parts: string[] = [`<html><head><title>Harbour report ${String(n)}</title></head><body><main>`];
  let size = parts[0]?.length ?? 0;
  let random = n * 7919 + 1;
  const next = (): number => {
    random = (random * 48271) % 2147483647;
    return random;
  };
  for (let section = 0; size < PAGE_BYTES; section++) {
    const heading = `<h2>Section ${String(section)} of report ${String(n)}</h2>`;
    const sentences = Array.from({ length: 40 }, () => sentence(next));
    if (n === FACT_PAGE && section === 12) sentences.splice(5, 0, FACT);
    const block = `${heading}<p>${sentences.join(' ')}</p>`;
    parts.push(block);
    size += block.length;
  }
  parts.push('</main></body></html>');
  return parts.join('');
}

const NOUNS = [
  'quay',
  'ferry',
  'warehouse',
  'market',
  'council',
  'canal',
  'bridge',
  'mill',
  'school',
  'station',
];
const VERBS = ['repaired', 'inspected', 'extended', 'painted', 'closed', 'reopened', 'measured', 'cleaned'];
const PLACES = ['Aldmouth', 'Brinsey', 'Corve', 'Dunmere', 'Elsby', 'Farrow', 'Gilling', 'Hexley'];

function sentence(next: () => number): string {
  const pick = (list: readonly string[]): string => list[next() % list.length] ?? '';
  return `The ${pick(NOUNS)} at ${pick(PLACES)} was ${pick(VERBS)} in ${String(1900 + (next() % 120))} after the ${pick(NOUNS)} of ${pick(PLACES)} was ${pick(VERBS)}.`;
}
