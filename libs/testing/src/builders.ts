import { createHash, randomUUID } from 'node:crypto';
import type { Claim, EvidenceRef, LogRecord, SourcedChunk } from '@forage/contracts';

export function anEvidenceRef(overrides: Partial<EvidenceRef> = {}): EvidenceRef {
  return {
    sha256: createHash('sha256').update(randomUUID()).digest('hex'),
    kind: 'dom_snapshot',
    size: 1234,
    contentType: 'text/html',
    ...overrides,
  };
}

export function aLogRecord(overrides: Partial<LogRecord> = {}): LogRecord {
  return {
    record_id: randomUUID(),
    tool_name: 'dom-extraction',
    task_id: 'extract:1',
    trace_id: randomUUID().replaceAll('-', ''),
    run_id: randomUUID(),
    status: 'success',
    timestamp: new Date().toISOString(),
    confidence_score: 1,
    evidence: { screenshot: null, dom_snapshot: anEvidenceRef() },
    output: { data: {} },
    metadata: { execution_time_ms: 12, memory_usage_mb: 50, agent: 'test', attempt: 1 },
    producer: { tool: overrides.tool_name ?? 'dom-extraction', instance: 'test' },
    ...overrides,
  };
}

export function aSourcedChunk(overrides: Partial<SourcedChunk> = {}): SourcedChunk {
  return {
    chunkId: 'c1',
    url: 'http://127.0.0.1:8080/page',
    title: 'A page',
    text: 'Some text.',
    headingPath: ['A page'],
    xpath: '/html/body/p[1]',
    domSnapshot: anEvidenceRef(),
    logRecordId: randomUUID(),
    ...overrides,
  };
}

export function aClaim(overrides: Partial<Claim> = {}): Claim {
  return {
    claimId: 'claim-1',
    text: 'Some text.',
    confidence: 0.9,
    source: {
      url: 'http://127.0.0.1:8080/page',
      xpath: '/html/body/p[1]',
      snippet: 'Some text.',
      domSnapshot: anEvidenceRef(),
      logRecordId: randomUUID(),
    },
    ...overrides,
  };
}
