import { aLogRecord } from '@forage/testing';
import { logLines, logsCommand } from './logs.js';

const stored = {
  ...aLogRecord({ task_id: 'extract:1', timestamp: '2026-11-24T10:00:00.000Z' }),
  seq: 41,
  prev_hash: 'a'.repeat(64),
  hash: 'b'.repeat(64),
};

describe('logLines', () => {
  it('prints one line per record in chain order and the chain verdict', () => {
    expect(logLines({ records: [stored], chain: { valid: true, checked: 41, brokenAtSeq: null } })).toEqual([
      '     41  2026-11-24T10:00:00.000Z  dom-extraction    success 1.00  extract:1  (12 ms, attempt 1)',
      '1 records; log chain intact (41 links verified)',
    ]);
  });

  it('says loudly when the chain is broken', () => {
    expect(logLines({ records: [], chain: { valid: false, checked: 9, brokenAtSeq: 10 } })).toEqual([
      '0 records; LOG CHAIN BROKEN at seq 10: run `forage audit verify`',
    ]);
  });
});

describe('logLines: failures and the trace', () => {
  it('lists failed records by category and an incomplete trace with its problems', () => {
    const lines = logLines({
      records: [],
      chain: { valid: true, checked: 3, brokenAtSeq: null },
      failures: [
        {
          recordId: stored.record_id,
          seq: 41,
          tool: 'action-execution',
          category: 'selector_mismatch',
          detail: 'not_found: no #buy',
        },
      ],
      trace: {
        complete: false,
        problems: [
          {
            kind: 'unverified',
            recordId: stored.record_id,
            detail: 'action-execution x (seq 41) was not verified',
          },
        ],
      },
    });
    expect(lines).toEqual([
      'failed  seq 41 action-execution: selector_mismatch — not_found: no #buy',
      'trace incomplete (1 problem(s)):',
      '  unverified: action-execution x (seq 41) was not verified',
      '0 records; log chain intact (3 links verified)',
    ]);
  });
});

describe('logsCommand', () => {
  it('refuses a filter the contract does not accept, naming it, before looking for a stack', async () => {
    const warnings: string[] = [];
    const code = await logsCommand({
      positionals: ['0b7f1c2e-8a4d-4f6b-9c1d-2e3f4a5b6c7d'],
      dataDir: '/nonexistent',
      json: false,
      filter: { status: 'exploded', since: 'yesterday' },
      write: () => undefined,
      warn: (l) => warnings.push(l),
    });
    expect(code).toBe(64);
    expect(warnings[0]).toMatch(/--status: .*--since: /);
  });
});
