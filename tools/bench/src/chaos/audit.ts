/**
 * The verdict of a chaos or cluster run, from what the bus and the log store hold afterwards:
 * every run completed or failed with a reason, no log record lost, no action executed twice.
 * Pure: the caller reads the streams and the store (read-back.ts) and passes what it found.
 */

/** What run.completed.v1 said about one run (the first completion the stream holds). */
export interface SeenCompletion {
  readonly runId: string;
  /** answered, unverified, no_answer, failed (and any outcome the contract adds later, e.g. cancelled). */
  readonly outcome: string;
  readonly failures: readonly { readonly claim: string; readonly reason: string }[];
  /** Log records the released answer cites. */
  readonly citedRecordIds: readonly string[];
}

/** One record as JetStream accepted it (FORAGE_LOGS) or as the log store holds it. */
export interface SeenRecord {
  readonly recordId: string;
  readonly runId: string;
  readonly tool: string;
  /** action-execution's records carry the idempotency key of the action they performed. */
  readonly idempotencyKey?: string;
}

export interface AuditInput {
  /** The runs the harness started (accepted by the gateway with 202). */
  readonly runIds: readonly string[];
  readonly completions: readonly SeenCompletion[];
  /** Every log.record.v1 JetStream acknowledged to a tool (the tool's publish succeeded). */
  readonly published: readonly SeenRecord[];
  /** What the log store returns for the runs (log.query.v1), per run. */
  readonly stored: readonly SeenRecord[];
  /** Runs whose stored chain did not verify. */
  readonly brokenChains?: readonly string[];
}

export interface AuditResult {
  readonly runs: number;
  /** Ended with an answer, an unverified answer or a reasoned "no answer". */
  readonly completed: number;
  /** Ended as failed, naming why. */
  readonly failedClear: number;
  /** Ended as failed without any reason. */
  readonly failedUnclear: number;
  /** Never ended. */
  readonly lost: number;
  /** Idempotency keys executed more than once (two action records for one key). */
  readonly duplicateActions: number;
  /** Records JetStream accepted or an answer cites that the log store does not hold. */
  readonly missingRecords: number;
  readonly brokenChains: number;
  /** Examples, for the report above the RESULT line. */
  readonly lostRunIds: readonly string[];
  readonly missingRecordIds: readonly string[];
  readonly duplicateKeys: readonly string[];
  readonly failureReasons: ReadonlyMap<string, number>;
}

export function auditRuns(input: AuditInput): AuditResult {
  const started = new Set(input.runIds);
  const firstCompletion = new Map<string, SeenCompletion>();
  for (const c of input.completions) {
    if (started.has(c.runId) && !firstCompletion.has(c.runId)) firstCompletion.set(c.runId, c);
  }
  let completed = 0;
  let failedClear = 0;
  let failedUnclear = 0;
  const failureReasons = new Map<string, number>();
  for (const c of firstCompletion.values()) {
    if (c.outcome !== 'failed') {
      completed++;
      continue;
    }
    const reason = c.failures.map((f) => f.reason.trim()).find((r) => r.length > 0);
    if (reason === undefined) {
      failedUnclear++;
      continue;
    }
    failedClear++;
    const key = reasonClass(reason);
    failureReasons.set(key, (failureReasons.get(key) ?? 0) + 1);
  }
  const lostRunIds = input.runIds.filter((id) => !firstCompletion.has(id));

  const storedIds = new Set(input.stored.map((r) => r.recordId));
  const expected = new Set<string>();
  for (const r of input.published) if (started.has(r.runId)) expected.add(r.recordId);
  for (const c of firstCompletion.values()) for (const id of c.citedRecordIds) expected.add(id);
  const missingRecordIds = [...expected].filter((id) => !storedIds.has(id));

  // one stored record per executed action: two distinct records under one key = the action ran twice
  const byKey = new Map<string, Set<string>>();
  for (const r of [...input.published, ...input.stored]) {
    if (r.tool !== 'action-execution' || !r.idempotencyKey) continue;
    const set = byKey.get(r.idempotencyKey) ?? new Set<string>();
    set.add(r.recordId);
    byKey.set(r.idempotencyKey, set);
  }
  const duplicateKeys = [...byKey].filter(([, ids]) => ids.size > 1).map(([key]) => key);

  return {
    runs: input.runIds.length,
    completed,
    failedClear,
    failedUnclear,
    lost: lostRunIds.length,
    duplicateActions: duplicateKeys.length,
    missingRecords: missingRecordIds.length,
    brokenChains: input.brokenChains?.length ?? 0,
    lostRunIds,
    missingRecordIds,
    duplicateKeys,
    failureReasons,
  };
}

/** A failure reason without its run-specific parts (ids, urls, numbers), to group them. */
export function reasonClass(reason: string): string {
  return reason
    .replace(/https?:\/\/\S+/g, '<url>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(:\d+)*/g, '<id>')
    .replace(/\d+(\.\d+)?/g, 'N')
    .slice(0, 160);
}

export function resultLine(r: AuditResult): string {
  return (
    `RESULT runs=${r.runs} completed=${r.completed} failed_clear=${r.failedClear} lost=${r.lost} ` +
    `duplicate_actions=${r.duplicateActions} missing_records=${r.missingRecords} ` +
    `failed_unclear=${r.failedUnclear} broken_chains=${r.brokenChains}`
  );
}
