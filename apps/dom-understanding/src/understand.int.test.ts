import { randomBytes, randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { logRecordSchema, understandPage, type EvidenceRef } from '@forage/contracts';
import { EvidenceStore, getChunkSet, parseEvidenceKey } from '@forage/evidence';
import {
  Bus,
  decodeJson,
  encodeJson,
  RemoteError,
  streams,
  type RunningNatsServer,
  type RunningService,
} from '@forage/messaging';
import { startTestNats } from '@forage/testing';
import { loadDomUnderstandingConfig } from './config.js';
import { startDomUnderstandingService } from './service.js';

const PAGE = `<!DOCTYPE html><html><head><title>Veloria – Sandbox Wiki</title></head><body>
<header><a href="/">Sandbox Wiki</a><nav><a href="/countries">Countries</a></nav></header>
<main><article><h1>Veloria</h1>
<table class="infobox"><tbody><tr><th scope="row">Population</th><td>1,234,567</td></tr></tbody></table>
<h2>Demographics</h2><p>At the 2020 census Veloria counted 1,234,567 inhabitants.</p>
<form><label for="q">Search</label><input id="q" name="q"><button type="submit">Go</button></form>
</article></main><footer><p>© 2024</p></footer></body></html>`;

describe('dom-understanding over NATS', () => {
  let nats: RunningNatsServer;
  let service: RunningService;
  let nc: NatsConnection;
  let bus: Bus;
  let snapshot: EvidenceRef;
  let store: EvidenceStore;
  const url = 'http://127.0.0.1:8080/wiki/Veloria';

  beforeAll(async () => {
    nats = await startTestNats();
    const key = randomBytes(32).toString('hex');
    service = await startDomUnderstandingService(
      loadDomUnderstandingConfig({
        NATS_URL: nats.url,
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
        FORAGE_EVIDENCE_KEY: key,
      }),
    );
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 10_000 });
    store = await EvidenceStore.open(nc, { key: parseEvidenceKey(key), retentionMs: 86_400_000 });
    snapshot = await store.put({ kind: 'dom_snapshot', contentType: 'text/html', data: Buffer.from(PAGE) });
  });

  afterAll(async () => {
    await nc.close();
    await service.stop();
    await nats.stop();
  });

  it('stores the chunks (heading paths, XPaths) as a set in the evidence store, replies with its reference and the interactive elements', async () => {
    const reply = await bus.request(understandPage, { runId: randomUUID(), url, domSnapshot: snapshot });
    expect(reply.url).toBe(url);
    expect(reply.title).toBe('Veloria – Sandbox Wiki');
    expect(reply.truncated).toBe(false);
    expect(reply.chunkSet).toMatchObject({ count: 2, ref: { kind: 'chunk_set' } });
    const set = await getChunkSet(store, reply.chunkSet.ref);
    expect(set.url).toBe(url);
    expect(set.title).toBe(reply.title);
    expect(set.chunks).toEqual([
      {
        id: 'c1',
        text: 'Population: 1,234,567',
        headingPath: ['Veloria'],
        xpath: '/html[1]/body[1]/main[1]/article[1]/table[1]/tbody[1]/tr[1]',
        nodeId: expect.stringMatching(/^n[0-9a-f]{16}$/) as unknown,
      },
      {
        id: 'c2',
        text: 'At the 2020 census Veloria counted 1,234,567 inhabitants.',
        headingPath: ['Veloria', 'Demographics'],
        xpath: '/html[1]/body[1]/main[1]/article[1]/p[1]',
        nodeId: expect.stringMatching(/^n[0-9a-f]{16}$/) as unknown,
      },
    ]);
    expect(reply.interactive.map((e) => [e.role, e.name, e.locator])).toEqual([
      ['link', 'Sandbox Wiki', 'role=link[name="Sandbox Wiki"s]'],
      ['link', 'Countries', 'role=link[name="Countries"s]'],
      ['textbox', 'Search', '#q'],
      ['button', 'Go', 'role=button[name="Go"s]'],
    ]);
  });

  it('records the outcome durably, pointing at the snapshot, and returns the record id', async () => {
    const runId = randomUUID();
    const reply = await bus.request(understandPage, { runId, url, domSnapshot: snapshot });
    const jsm = await jetstreamManager(nc);
    const stored = await jsm.streams.getMessage(streams.logs.name, {
      last_by_subj: 'log.record.v1.dom-understanding',
    });
    const record = logRecordSchema.parse(stored?.json());
    expect(record).toMatchObject({
      record_id: reply.logRecordId,
      run_id: runId,
      tool_name: 'dom-understanding',
      status: 'success',
      evidence: { dom_snapshot: snapshot, screenshot: null },
      output: {
        data: {
          url,
          title: 'Veloria – Sandbox Wiki',
          chunkCount: 2,
          chunkSet: reply.chunkSet.ref.sha256,
          interactiveCount: 4,
          truncated: false,
        },
      },
    });
  });

  it('answers not_found for a snapshot the store does not hold', async () => {
    const missing = { ...snapshot, sha256: 'a'.repeat(64) };
    const request = bus.request(understandPage, { runId: randomUUID(), url, domSnapshot: missing });
    await expect(request).rejects.toBeInstanceOf(RemoteError);
    await expect(request).rejects.toMatchObject({ code: 'not_found', retryable: false });
  });

  it('refuses a screenshot reference with invalid_request', async () => {
    const request = bus.request(understandPage, {
      runId: randomUUID(),
      url,
      domSnapshot: { ...snapshot, kind: 'screenshot' },
    });
    await expect(request).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('answers invalid payloads with typed invalid_request replies and stays healthy', async () => {
    for (const body of [
      { runId: 'not-a-uuid', url, domSnapshot: snapshot },
      { runId: randomUUID(), url: 'ftp://x', domSnapshot: {} },
      'nope',
    ]) {
      const msg = await nc.request(understandPage.subject, encodeJson(body), { timeout: 5_000 });
      expect(decodeJson(msg.data)).toMatchObject({ error: { code: 'invalid_request', retryable: false } });
    }
    const garbage = await nc.request(understandPage.subject, new TextEncoder().encode('{oops'), {
      timeout: 5_000,
    });
    expect(decodeJson(garbage.data)).toMatchObject({ error: { code: 'invalid_request' } });
    const health = await fetch(`http://127.0.0.1:${service.opsPort}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true });
    const reply = await bus.request(understandPage, { runId: randomUUID(), url, domSnapshot: snapshot });
    expect(reply.chunkSet.count).toBe(2);
  });

  it('stores the same chunks once: understanding the same snapshot again names the same set', async () => {
    const first = await bus.request(understandPage, { runId: randomUUID(), url, domSnapshot: snapshot });
    const again = await bus.request(understandPage, { runId: randomUUID(), url, domSnapshot: snapshot });
    expect(again.chunkSet).toEqual(first.chunkSet);
  });
});
