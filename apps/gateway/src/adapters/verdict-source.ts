import { setTimeout as sleep } from 'node:timers/promises';
import { queryLogs, recordedVerdictSchema, type StoredLogRecord } from '@forage/contracts';
import { digestOf, VerdictVerifier } from '@forage/evidence';
import { Bus } from '@forage/messaging';
import type { RunCompletedEvent } from '../core/run-board.js';
import type { FetchedVerdict, VerdictLookup } from '../core/verdict-gate.js';

/** How long a completion waits for its verdict to be stored (logging stores asynchronously). */
const VERDICT_WAIT_MS = 5_000;
const RETRY_DELAYS_MS = [25, 50, 100, 200, 400];

/**
 * Fetches a run's recorded verdicts from logging (request/reply on log.query.v1): the verifier's
 * own records, read from the hash-chained log, never from the completion that names them.
 */
export class VerdictSource {
  private readonly signatures: VerdictVerifier | undefined;

  /** With `publicKey` (VERDICT_PUBLIC_KEY), only a verdict signed by the verifier's key counts. */
  constructor(
    private readonly bus: Bus,
    publicKey?: string,
  ) {
    this.signatures = publicKey ? new VerdictVerifier(publicKey) : undefined;
  }

  async lookup(completion: RunCompletedEvent): Promise<VerdictLookup> {
    const deadline = Date.now() + VERDICT_WAIT_MS;
    let last: VerdictLookup;
    for (let attempt = 0; ; attempt++) {
      try {
        const reply = await this.bus.request(
          queryLogs,
          {
            runId: completion.runId,
            limit: completion.verdict ? 1 : 500,
            ...(completion.verdict ? { recordIds: [completion.verdict.id] } : {}),
          },
          { timeoutMs: Math.max(1_000, deadline - Date.now()) },
        );
        last = {
          verdicts: reply.records.flatMap((r) => verdictOf(r, this.signatures)),
          chainValid: reply.chain.valid,
        };
        if (last.verdicts.length > 0 || !last.chainValid) return last;
      } catch (err) {
        last = {
          verdicts: [],
          chainValid: false,
          unavailable: err instanceof Error ? err.message : String(err),
        };
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) return last;
      await sleep(Math.min(RETRY_DELAYS_MS[attempt] ?? 400, remaining));
    }
  }
}

/** The verdict a stored record holds, when the verifier wrote it (and, with a key, signed it). */
function verdictOf(record: StoredLogRecord, signatures: VerdictVerifier | undefined): FetchedVerdict[] {
  if (record.tool_name !== 'verifier' || record.producer?.tool !== 'verifier') return [];
  const parsed = recordedVerdictSchema.safeParse(record.output.data['verdict']);
  if (!parsed.success) return [];
  if (signatures?.problem(parsed.data, record.output.data['verdictSignature']) !== undefined) return [];
  return [{ id: record.record_id, digest: digestOf(parsed.data), verdict: parsed.data }];
}
