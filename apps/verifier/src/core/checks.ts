import { createHash } from 'node:crypto';
import type { CheckResult, Claim, StoredLogRecord } from '@forage/contracts';
import { normalizeText } from '@forage/html';
import type { ChainVerdict, FetchedEvidence } from './inputs.js';

/** The checks every claim must pass, in the order they are reported. */
export const CHECK_NAMES = [
  'record_exists',
  'evidence_matches_record',
  'evidence_intact',
  'answer_in_snippet',
  'answer_derived',
  'snippet_at_xpath',
  // what the claim states (each only when the claim states it): see statement/statement-checks.ts
  'scope',
  'subject',
  'attribute',
  'value',
  'not_negated',
  'constraint',
  'hops',
  // only with a model configured: see entailment.ts
  'entailment',
  'confidence',
  'chain_valid',
] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

/** Tools whose records hold a page's DOM as evidence: a render, or the page after an action. */
const EVIDENCE_TOOLS: readonly string[] = ['dom-extraction', 'action-execution'];

function result(name: CheckName, passed: boolean, detail: string): CheckResult {
  return { name, passed, detail };
}

/** The claim's source is a successful page-capturing record (render or action) stored for this run. */
export function checkRecordExists(input: {
  runId: string;
  claim: Claim;
  record: StoredLogRecord | undefined;
}): CheckResult {
  const { claim, record } = input;
  const id = claim.source.logRecordId;
  if (!record) return result('record_exists', false, `no stored log record ${id} in run ${input.runId}`);
  if (record.run_id !== input.runId)
    return result('record_exists', false, `record ${id} belongs to run ${record.run_id}`);
  if (!EVIDENCE_TOOLS.includes(record.tool_name)) {
    return result(
      'record_exists',
      false,
      `record ${id} comes from ${record.tool_name}, which captures no page evidence`,
    );
  }
  if (record.status !== 'success')
    return result('record_exists', false, `record ${id} has status ${record.status}`);
  return result(
    'record_exists',
    true,
    `record ${id} is a successful ${record.tool_name} outcome at seq ${record.seq}`,
  );
}

/** The DOM snapshot the claim cites is the one the extraction logged. */
export function checkEvidenceMatchesRecord(input: {
  claim: Claim;
  record: StoredLogRecord | undefined;
}): CheckResult {
  const cited = input.claim.source.domSnapshot.sha256;
  if (!input.record)
    return result('evidence_matches_record', false, 'no log record to compare the cited snapshot with');
  const logged = input.record.evidence.dom_snapshot;
  if (!logged)
    return result(
      'evidence_matches_record',
      false,
      `record ${input.record.record_id} logged no DOM snapshot`,
    );
  if (logged.sha256 !== cited) {
    return result(
      'evidence_matches_record',
      false,
      `claim cites snapshot ${cited}, record logged ${logged.sha256}`,
    );
  }
  return result('evidence_matches_record', true, `record logged snapshot ${cited}`);
}

/** The cited snapshot is in the evidence store, decrypts, and hashes to the cited sha256. */
export function checkEvidenceIntact(input: {
  claim: Claim;
  evidence: FetchedEvidence | undefined;
}): CheckResult {
  const cited = input.claim.source.domSnapshot.sha256;
  const evidence = input.evidence;
  if (!evidence) return result('evidence_intact', false, `snapshot ${cited} was not fetched`);
  if (evidence.status !== 'found')
    return result('evidence_intact', false, `snapshot ${cited} is ${evidence.status}: ${evidence.detail}`);
  const actual = sha256Hex(evidence.data);
  if (actual !== cited) return result('evidence_intact', false, `snapshot ${cited} hashes to ${actual}`);
  return result('evidence_intact', true, `snapshot ${cited} (${evidence.data.length} bytes) is intact`);
}

/**
 * The answer is in the claim's snippet, both compared after whitespace and Unicode normalisation,
 * nothing looser. Where the snippet sits is `snippet_at_xpath`'s question.
 */
export function checkAnswerInSnippet(input: { claim: Claim }): CheckResult {
  const snippet = normalizeText(input.claim.source.snippet);
  const answer = normalizeText(input.claim.text);
  if (snippet === '' || answer === '')
    return result('answer_in_snippet', false, 'snippet or answer is blank');
  if (!snippet.includes(answer)) {
    return result(
      'answer_in_snippet',
      false,
      `answer "${excerpt(answer)}" is not in the snippet "${excerpt(snippet)}"`,
    );
  }
  return result('answer_in_snippet', true, 'the answer is in the snippet');
}

export function checkConfidence(input: { claim: Claim; minConfidence: number }): CheckResult {
  const { confidence } = input.claim;
  const passed = confidence >= input.minConfidence;
  return result(
    'confidence',
    passed,
    `confidence ${confidence} ${passed ? '>=' : '<'} minimum ${input.minConfidence}`,
  );
}

/** Logging found its hash chain intact, so the records read back are the records written. */
export function checkChainValid(input: { chain: ChainVerdict }): CheckResult {
  const { chain } = input;
  if (!chain.valid)
    return result('chain_valid', false, `log chain broken at seq ${chain.brokenAtSeq ?? '?'}`);
  return result('chain_valid', true, `log chain intact over ${chain.checked} records`);
}

export function sha256Hex(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function excerpt(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
