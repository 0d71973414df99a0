import { auditRuns, reasonClass, resultLine, type SeenCompletion, type SeenRecord } from './audit.js';

const run = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const completion = (n: number, outcome: string, reason = '', cited: string[] = []): SeenCompletion => ({
  runId: run(n),
  outcome,
  failures: reason ? [{ claim: '', reason }] : [],
  citedRecordIds: cited,
});
const record = (id: string, n: number, tool = 'dom-extraction', idempotencyKey?: string): SeenRecord => ({
  recordId: id,
  runId: run(n),
  tool,
  ...(idempotencyKey ? { idempotencyKey } : {}),
});

describe('auditRuns', () => {
  it('counts completed, clearly failed, unclear and lost runs (first completion wins)', () => {
    const result = auditRuns({
      runIds: [run(1), run(2), run(3), run(4), run(5)],
      completions: [
        completion(1, 'answered'),
        completion(1, 'failed', 'a later duplicate is ignored'),
        completion(2, 'no_answer'),
        completion(3, 'failed', 'search.query.v1: timed out after 30000 ms'),
        completion(4, 'failed', '  '),
        completion(9, 'answered'),
      ],
      published: [],
      stored: [],
    });
    expect(result).toMatchObject({ runs: 5, completed: 2, failedClear: 1, failedUnclear: 1, lost: 1 });
    expect(result.lostRunIds).toEqual([run(5)]);
    expect([...result.failureReasons.keys()]).toEqual(['search.query.vN: timed out after N ms']);
  });

  it('names records JetStream accepted or answers cite that the store lacks, for the harness runs only', () => {
    const result = auditRuns({
      runIds: [run(1)],
      completions: [completion(1, 'answered', '', ['r-cited'])],
      published: [record('r-1', 1), record('r-2', 1), record('r-other-run', 7)],
      stored: [record('r-1', 1)],
    });
    expect(result.missingRecords).toBe(2);
    expect([...result.missingRecordIds].sort()).toEqual(['r-2', 'r-cited']);
  });

  it('an idempotency key with two distinct action records is a duplicate; the same record seen twice is not', () => {
    const result = auditRuns({
      runIds: [run(1)],
      completions: [completion(1, 'answered')],
      published: [
        record('a-1', 1, 'action-execution', 'k:1'),
        record('a-2', 1, 'action-execution', 'k:2'),
        record('a-3', 1, 'action-execution', 'k:2'),
      ],
      stored: [record('a-1', 1, 'action-execution', 'k:1'), record('a-2', 1, 'action-execution', 'k:2')],
    });
    expect(result.duplicateActions).toBe(1);
    expect(result.duplicateKeys).toEqual(['k:2']);
    expect(result.missingRecordIds).toEqual(['a-3']);
  });

  it('prints the RESULT line the issue asks for', () => {
    const line = resultLine(
      auditRuns({ runIds: [run(1)], completions: [completion(1, 'failed', 'x')], published: [], stored: [] }),
    );
    expect(line).toMatch(
      /^RESULT runs=1 completed=0 failed_clear=1 lost=0 duplicate_actions=0 missing_records=0 /,
    );
  });

  it('reasonClass drops ids, urls and numbers', () => {
    expect(reasonClass(`could not open http://127.0.0.1:4000/x for ${run(3)}:2 after 3 tries`)).toBe(
      'could not open <url> for <id> after N tries',
    );
  });
});
