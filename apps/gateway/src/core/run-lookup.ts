import type { RunDetail } from '@forage/contracts';
import type { RunView } from './run-board.js';
import { gateCompletion, type VerdictLookup } from './verdict-gate.js';

export const runIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A run the board has forgotten (evicted, or older than the run streams keep), rebuilt from the
 * history: its steps are not kept there, and its completion is gated again against the log.
 */
export function viewFromHistory(input: { detail: RunDetail; lookup?: VerdictLookup }): RunView {
  const { summary, completion } = input.detail;
  const gated = completion && input.lookup ? gateCompletion({ completion, lookup: input.lookup }) : undefined;
  return {
    runId: summary.runId,
    question: summary.question,
    requestedAt: summary.requestedAt,
    status: summary.status,
    steps: [],
    needsInput: null,
    result: gated?.completion ?? null,
    gate: gated?.gate ?? null,
    threadId: completion?.thread?.threadId ?? null,
  };
}
