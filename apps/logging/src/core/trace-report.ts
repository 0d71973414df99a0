import type { RunTrace, StoredLogRecord } from '@forage/contracts';

/** Records that are not actions of the run: the verifier's own, and logging's. */
const NOT_ACTIONS = new Set(['verifier', 'logging']);

/**
 * Is the run's trace complete? Every record id a verification expected (`expectedRecordIds` in the
 * verifier's record: the actions the orchestrator took) has exactly one log record, and every
 * action record of the run is expected by exactly one verification. A run with action records and
 * no verification is incomplete too. Replays re-verify claims without expecting records, so they
 * do not count as second verifications.
 */
export function traceReport(records: readonly StoredLogRecord[]): RunTrace {
  const problems: RunTrace['problems'] = [];
  const byId = new Map(records.map((r) => [r.record_id, r]));
  const verifications = records.flatMap((r) => {
    const expected = r.tool_name === 'verifier' ? r.output.data['expectedRecordIds'] : undefined;
    return Array.isArray(expected) ? [expected.filter((id): id is string => typeof id === 'string')] : [];
  });
  const actions = records.filter((r) => !NOT_ACTIONS.has(r.tool_name));
  if (verifications.length === 0) {
    if (actions.length > 0)
      problems.push({
        kind: 'no_verification',
        recordId: null,
        detail: `${String(actions.length)} action record(s) and no verification of them`,
      });
    return { complete: problems.length === 0, problems };
  }
  const coverage = new Map<string, number>();
  for (const expected of verifications) {
    for (const id of new Set(expected)) {
      coverage.set(id, (coverage.get(id) ?? 0) + 1);
      if (!byId.has(id))
        problems.push({
          kind: 'no_record',
          recordId: id,
          detail: `action ${id} was expected by a verification but has no log record`,
        });
    }
  }
  for (const action of actions) {
    const times = coverage.get(action.record_id) ?? 0;
    const what = `${action.tool_name} ${action.task_id} (seq ${String(action.seq)})`;
    if (times === 0)
      problems.push({ kind: 'unverified', recordId: action.record_id, detail: `${what} was not verified` });
    else if (times > 1)
      problems.push({
        kind: 'verified_more_than_once',
        recordId: action.record_id,
        detail: `${what} was verified ${String(times)} times`,
      });
  }
  return { complete: problems.length === 0, problems: problems.slice(0, 500) };
}
