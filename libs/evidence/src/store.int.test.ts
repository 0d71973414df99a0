import { createCipheriv, randomBytes } from 'node:crypto';
import { Objm } from '@nats-io/obj';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { RunningNatsServer } from '@forage/messaging';
import { startTestNats } from '@forage/testing';
import { EvidenceTamperedError, EvidenceWrongKeyError, sha256Hex } from './crypto.js';
import { EVIDENCE_BUCKET, EvidenceStore } from './store.js';

const html = `<html><body>${Array.from({ length: 400 }, (_, i) => `<p>Room ${String(i)} from $119 per night.</p>`).join('')}</body></html>`;
const page = new TextEncoder().encode(html);

/** The evidence store on a real nats-server object store. */
describe('EvidenceStore', () => {
  let nats: RunningNatsServer;
  let nc: NatsConnection;
  const key = randomBytes(32);
  let store: EvidenceStore;

  beforeAll(async () => {
    nats = await startTestNats();
    nc = await connect({ servers: nats.url });
    store = await EvidenceStore.open(nc, { key, retentionMs: 3_600_000 });
  });

  afterAll(async () => {
    await nc.close();
    await nats.stop();
  });

  const storedBytes = async (sha256: string): Promise<Uint8Array> => {
    const bucket = await new Objm(nc).open(EVIDENCE_BUCKET);
    const blob = await bucket.getBlob(sha256);
    if (!blob) throw new Error('blob not stored');
    return blob;
  };

  it('compresses a page before encrypting it and reads back the same bytes', async () => {
    const ref = await store.put({ kind: 'dom_snapshot', contentType: 'text/html', data: page });
    expect((await store.get(ref)).equals(Buffer.from(page))).toBe(true);
    expect((await storedBytes(ref.sha256)).length).toBeLessThan(page.length / 4);
  });

  it('keeps incompressible bytes raw, and still reads them back', async () => {
    const noise = randomBytes(20_000);
    const ref = await store.put({ kind: 'screenshot', contentType: 'image/png', data: noise });
    expect((await store.get(ref)).equals(noise)).toBe(true);
    expect((await storedBytes(ref.sha256)).length).toBeLessThan(noise.length + 64);
  });

  it('reports a blob sealed with another key as a wrong key, not as tampering', async () => {
    const ref = await store.put({ kind: 'dom_snapshot', contentType: 'text/html', data: page });
    const other = await EvidenceStore.open(nc, { key: randomBytes(32), retentionMs: 3_600_000 });
    await expect(other.get(ref)).rejects.toBeInstanceOf(EvidenceWrongKeyError);
  });

  it('reports a flipped bit as tampering', async () => {
    const data = new TextEncoder().encode(`${html}<!-- ${String(Date.now())} -->`);
    const ref = await store.put({ kind: 'dom_snapshot', contentType: 'text/html', data });
    const bytes = Buffer.from(await storedBytes(ref.sha256));
    bytes[bytes.length - 5] = (bytes[bytes.length - 5] ?? 0) ^ 0x01;
    await store.corruptForTest(ref.sha256, bytes);
    const failure = await store.get(ref).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(EvidenceTamperedError);
    expect(failure).not.toBeInstanceOf(EvidenceWrongKeyError);
  });

  it('still reads blobs written in the first layout (before compression)', async () => {
    const data = new TextEncoder().encode('<html><body>written by an older version</body></html>');
    const sha256 = sha256Hex(data);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(sha256, 'hex'));
    const body = Buffer.concat([cipher.update(data), cipher.final()]);
    await store.corruptForTest(sha256, Buffer.concat([Buffer.from([1]), iv, cipher.getAuthTag(), body]));
    expect((await store.get({ sha256 })).equals(Buffer.from(data))).toBe(true);
  });
});
