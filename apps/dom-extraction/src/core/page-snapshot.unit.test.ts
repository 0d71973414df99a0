import { randomUUID } from 'node:crypto';
import { pageSnapshotSchema } from '@forage/contracts';
import { anEvidenceRef } from '@forage/testing';
import { toPageSnapshot } from './page-snapshot.js';

describe('toPageSnapshot', () => {
  it('builds a reply the contract accepts, clipping long text and rounding the load time', () => {
    const snapshot = toPageSnapshot({
      requestedUrl: 'http://site.test/a',
      render: {
        finalUrl: 'http://site.test/b',
        status: 200,
        title: 't'.repeat(5_000),
        contentType: `text/html; ${'x'.repeat(500)}`,
        loadTimeMs: 12.7,
        network: {
          redirects: Array.from({ length: 60 }, (_, i) => `http://site.test/${i}`),
          failedRequests: 1,
          blockedRequests: 2,
        },
      },
      outcome: { kind: 'ok' },
      evidence: { domSnapshot: anEvidenceRef(), screenshot: null },
      logRecordId: randomUUID(),
    });
    expect(pageSnapshotSchema.parse(snapshot)).toEqual(snapshot);
    expect(snapshot).toMatchObject({ loadTimeMs: 13, network: { failedRequests: 1, blockedRequests: 2 } });
    expect(snapshot.title).toHaveLength(1000);
  });
});
