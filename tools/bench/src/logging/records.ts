import { createHash, randomUUID } from 'node:crypto';
import type { EvidenceRef, LogRecord } from '@forage/contracts';

function ref(kind: EvidenceRef['kind'], seed: string, size: number): EvidenceRef {
  return {
    sha256: createHash('sha256').update(seed).digest('hex'),
    kind,
    size,
    contentType: kind === 'screenshot' ? 'image/png' : 'text/html',
  };
}

/**
 * A record shaped like dom-extraction's (the most common producer): both evidence references, a
 * URL, title and timings in its output. `evidence` overrides the references (the throughput bench
 * points them at blobs it really stored).
 */
export function benchRecord(input: {
  runId: string;
  step: number;
  evidence?: { domSnapshot: EvidenceRef; screenshot: EvidenceRef | null };
}): LogRecord {
  const id = randomUUID();
  return {
    record_id: id,
    tool_name: 'dom-extraction',
    task_id: `extract:${String(input.step)}`,
    trace_id: id.replaceAll('-', ''),
    run_id: input.runId,
    status: 'success',
    timestamp: new Date().toISOString(),
    confidence_score: 1,
    evidence: {
      dom_snapshot: input.evidence?.domSnapshot ?? ref('dom_snapshot', `${id}:dom`, 48_213),
      screenshot: input.evidence ? input.evidence.screenshot : ref('screenshot', `${id}:png`, 112_904),
    },
    output: {
      data: {
        url: `https://example.org/articles/${String(input.step)}`,
        title: 'An article about something worth reading',
        status: 200,
        bytes: 48_213,
        timings: { navigateMs: 412, settleMs: 118, snapshotMs: 37 },
      },
    },
    metadata: { execution_time_ms: 612.4, memory_usage_mb: 212.5, agent: 'dom-extraction@4242', attempt: 1 },
    producer: { tool: 'dom-extraction', instance: 'dom-extraction@4242' },
  };
}
