import type { ChainVerdict } from './inputs.js';

/** log.query.v1 accepts at most this many record ids per request. */
export const MAX_IDS_PER_QUERY = 500;

/** Record ids to wait for: every expected one, then those the claims cite (a derived answer's supports too), each once. */
export function wantedRecordIds(input: {
  expectedRecordIds: readonly string[];
  claims: readonly {
    source: { logRecordId: string };
    derivation?: { supports: readonly { logRecordId: string }[] };
  }[];
}): string[] {
  const cited = input.claims.flatMap((c) => [
    c.source.logRecordId,
    ...(c.derivation?.supports.map((s) => s.logRecordId) ?? []),
  ]);
  return [...new Set([...input.expectedRecordIds, ...cited])];
}

export function missingRecordIds(
  wanted: readonly string[],
  records: readonly { record_id: string }[],
): string[] {
  const present = new Set(records.map((r) => r.record_id));
  return wanted.filter((id) => !present.has(id));
}

/** Splits ids into query-sized groups; no ids is one empty group (the query still returns the chain verdict). */
export function queryGroups(ids: readonly string[], size = MAX_IDS_PER_QUERY): string[][] {
  if (ids.length === 0) return [[]];
  const groups: string[][] = [];
  for (let i = 0; i < ids.length; i += size) groups.push(ids.slice(i, i + size));
  return groups;
}

/** Delay before asking logging again: short at first (records usually land within milliseconds). */
export function traceRetryDelayMs(attempt: number): number {
  return Math.min(25 * 2 ** Math.max(0, attempt), 400);
}

/** Several replies each verified the same chain: the most damning verdict wins. */
export function worstChainVerdict(verdicts: readonly ChainVerdict[]): ChainVerdict {
  const broken = verdicts.filter((v) => !v.valid).sort((a, b) => (a.brokenAtSeq ?? 0) - (b.brokenAtSeq ?? 0));
  if (broken[0]) return broken[0];
  const longest = [...verdicts].sort((a, b) => b.checked - a.checked)[0];
  return longest ?? { valid: false, checked: 0, brokenAtSeq: null };
}
