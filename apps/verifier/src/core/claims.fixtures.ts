import { createHash } from 'node:crypto';
import type { Claim, StoredLogRecord } from '@forage/contracts';
import { aClaim, aLogRecord, anEvidenceRef } from '@forage/testing';
import type { FetchedEvidence } from './inputs.js';

/** Test-only fixtures (not built) for the pure checks: one page, the record that logged it, a true claim about it. */
export const PAGE_HTML = `<!doctype html><html><head><title>Seaside Inn</title>
<script>var hidden = "Only $5 a night";</script></head>
<body><h1>Seaside Inn</h1>
<p>Price per   night: <b>$129</b> with free&nbsp;parking.</p>
<p>Check-in from 3 pm.</p></body></html>`;

export const PAGE_SHA = createHash('sha256').update(PAGE_HTML).digest('hex');

export const RUN_ID = '0b6f3a52-5b8e-4c43-9d0e-2a1c7c5e9f10';

export function aStoredRecord(overrides: Partial<StoredLogRecord> = {}): StoredLogRecord {
  return {
    ...aLogRecord({
      run_id: RUN_ID,
      evidence: { screenshot: null, dom_snapshot: anEvidenceRef({ sha256: PAGE_SHA }) },
    }),
    seq: 1,
    prev_hash: '0'.repeat(64),
    hash: 'a'.repeat(64),
    ...overrides,
  };
}

export function aTrueClaim(record: StoredLogRecord, overrides: Partial<Claim['source']> = {}): Claim {
  return aClaim({
    text: '$129',
    confidence: 0.8,
    source: {
      url: 'http://127.0.0.1:8080/seaside-inn',
      xpath: '/html/body/p[1]',
      snippet: 'Price per night: $129 with free parking.',
      domSnapshot: anEvidenceRef({ sha256: PAGE_SHA }),
      logRecordId: record.record_id,
      ...overrides,
    },
  });
}

export const FOUND_PAGE: FetchedEvidence = { status: 'found', data: new TextEncoder().encode(PAGE_HTML) };
