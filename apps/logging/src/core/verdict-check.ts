import { recordedVerdictSchema } from '@forage/contracts';
import type { VerdictVerifier } from '@forage/evidence';
import type { ChainRow } from './chain.js';

/** A verdict in the chain that the verifier's key did not sign. */
export interface ForgedVerdict {
  readonly seq: number;
  readonly recordId: string;
  readonly runId: string;
  readonly problem: string;
}

/**
 * Checks the signature of every verdict the audit reads: a row recorded for the verifier that
 * holds a verdict must carry the verifier's signature of it. Counts the verdicts seen.
 */
export class VerdictCheck {
  checked = 0;
  readonly forged: ForgedVerdict[] = [];

  constructor(private readonly signatures: VerdictVerifier) {}

  add(row: ChainRow & { readonly seq: number }): void {
    // most rows are not the verifier's: skip them without parsing
    if (!row.body.includes('"verdict"')) return;
    let record: unknown;
    try {
      record = JSON.parse(row.body);
    } catch {
      return; // an unreadable row is the chain check's finding, not this one's
    }
    const data = verifierData(record);
    if (!data) return;
    const verdict = recordedVerdictSchema.safeParse(data['verdict']);
    if (!verdict.success) return;
    this.checked++;
    const problem = this.signatures.problem(verdict.data, data['verdictSignature']);
    if (problem) this.forged.push({ seq: row.seq, recordId: row.recordId, runId: row.runId, problem });
  }
}

function verifierData(record: unknown): Record<string, unknown> | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  const r = record as { tool_name?: unknown; output?: { data?: unknown } };
  if (r.tool_name !== 'verifier' || typeof r.output?.data !== 'object' || r.output.data === null)
    return undefined;
  return r.output.data as Record<string, unknown>;
}
