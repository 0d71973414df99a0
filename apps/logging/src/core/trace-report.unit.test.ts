import { randomUUID } from 'node:crypto';
import type { StoredLogRecord } from '@forage/contracts';
import { aLogRecord } from '@forage/testing';
import { traceReport } from './trace-report.js';

let seq = 0;
function stored(tool: StoredLogRecord['tool_name'], data: Record<string, unknown> = {}): StoredLogRecord {
  seq += 1;
  return {
    ...aLogRecord({ record_id: randomUUID(), task_id: `${tool}:${String(seq)}`, output: { data } }),
    tool_name: tool,
    seq,
    prev_hash: '0'.repeat(64),
    hash: 'a'.repeat(64),
  };
}
const verification = (ids: string[]) => stored('verifier', { expectedRecordIds: ids });

describe('traceReport', () => {
  it('is complete when every action has one record and one verification', () => {
    const render = stored('dom-extraction');
    const click = stored('action-execution');
    expect(traceReport([render, click, verification([render.record_id, click.record_id])])).toEqual({
      complete: true,
      problems: [],
    });
  });

  it('reports an expected action with no log record, and an action no verification covers', () => {
    const render = stored('dom-extraction');
    const stray = stored('action-execution');
    const lost = randomUUID();
    const report = traceReport([render, stray, verification([render.record_id, lost])]);
    expect(report.complete).toBe(false);
    expect(report.problems.map((p) => [p.kind, p.recordId])).toEqual([
      ['no_record', lost],
      ['unverified', stray.record_id],
    ]);
  });

  it('reports an action verified twice, but not a replay (which expects no records)', () => {
    const render = stored('dom-extraction');
    const twice = traceReport([render, verification([render.record_id]), verification([render.record_id])]);
    expect(twice.problems.map((p) => p.kind)).toEqual(['verified_more_than_once']);
    const replayed = traceReport([render, verification([render.record_id]), verification([])]);
    expect(replayed.complete).toBe(true);
  });

  it('reports a run with actions and no verification at all', () => {
    const report = traceReport([stored('dom-extraction'), stored('processing')]);
    expect(report.problems).toEqual([
      { kind: 'no_verification', recordId: null, detail: '2 action record(s) and no verification of them' },
    ]);
  });
});
