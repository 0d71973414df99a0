import type { Citation, RecordedVerdict } from '@forage/contracts';
import type { RunCompletedEvent } from './run-board.js';

/** A verifier record read back from the log: its id, the verdict it holds and that verdict's digest. */
export interface FetchedVerdict {
  readonly id: string;
  readonly digest: string;
  readonly verdict: RecordedVerdict;
}

/** What the log said when the gateway asked for a run's verdicts. */
export interface VerdictLookup {
  readonly verdicts: readonly FetchedVerdict[];
  readonly chainValid: boolean;
  /** Why the log could not be asked (then nothing is confirmed). */
  readonly unavailable?: string;
}

/** The gateway's own judgement of a completion, shown beside it. */
export interface VerdictGate {
  /** verified: every citation confirmed; partly_verified: some withheld; refused: the answer is not shown. */
  readonly status: 'verified' | 'partly_verified' | 'refused' | 'nothing_to_check';
  readonly verdictId: string | null;
  readonly reasons: string[];
  /** Citations removed because no verified claim stands behind them. */
  readonly withheld: Citation[];
}

/**
 * Shows an answer only as far as a recorded verdict confirms it. The completion is a claim by
 * whoever published it; the verdict comes from the verifier's own record in the hash-chained log.
 * A citation is kept only when a verified claim has exactly its source (record, URL, XPath,
 * snippet, snapshot), and the answer must state the text of each claim it keeps. Without a
 * matching verdict the answer is refused: the run shows as `unverified`, with the reasons.
 */
export function gateCompletion(input: { completion: RunCompletedEvent; lookup: VerdictLookup }): {
  completion: RunCompletedEvent;
  gate: VerdictGate;
} {
  const { completion, lookup } = input;
  const answer = completion.answer;
  if (!answer) {
    return {
      completion,
      gate: { status: 'nothing_to_check', verdictId: null, reasons: [], withheld: [] },
    };
  }
  const candidates = candidateVerdicts(completion, lookup);
  if (typeof candidates === 'string') return refuse(completion, null, [candidates]);
  const verdictId = completion.verdict?.id ?? candidates.at(-1)?.id ?? null;
  const verified = candidates.flatMap((c) =>
    c.verdict.claims.filter((claim) => claim.verdict === 'verified'),
  );
  const kept: Citation[] = [];
  const withheld: Citation[] = [];
  for (const citation of answer.citations) {
    const claim = verified.find((v) => sameSource(v, citation));
    if (claim && includesText(answer.text, claim.text)) kept.push(citation);
    else withheld.push(citation);
  }
  if (kept.length === 0) {
    return refuse(completion, verdictId, ['no citation of the answer matches a verified claim it states']);
  }
  return {
    completion: {
      ...completion,
      answer: { ...answer, citations: kept },
      failures: [
        ...completion.failures,
        ...withheld.map((c) => ({
          claim: c.snippet,
          reason: 'withheld by the gateway: no verified claim stands behind this citation',
        })),
      ],
    },
    gate: {
      status: withheld.length === 0 ? 'verified' : 'partly_verified',
      verdictId,
      reasons: [],
      withheld,
    },
  };
}

/** The verdicts the answer may rest on, or why there are none. */
function candidateVerdicts(completion: RunCompletedEvent, lookup: VerdictLookup): FetchedVerdict[] | string {
  if (lookup.unavailable) return `the log could not be asked for the verdict: ${lookup.unavailable}`;
  if (!lookup.chainValid) return 'the log chain is broken, so its verdicts cannot be trusted';
  const ofRun = lookup.verdicts.filter((v) => v.verdict.runId === completion.runId);
  const named = completion.verdict;
  const candidates = named ? ofRun.filter((v) => v.id === named.id) : ofRun;
  if (named && candidates.length === 0)
    return `the verdict ${named.id} the completion names is not in the log`;
  if (candidates.length === 0) return 'no verdict for this run is in the log';
  if (named && candidates.every((v) => v.digest !== named.digest))
    return `the verdict ${named.id} in the log has another digest than the completion names`;
  const released = candidates.filter((v) => v.verdict.released);
  if (released.length === 0) return 'the verifier did not release this run';
  return released;
}

function sameSource(claim: RecordedVerdict['claims'][number], citation: Citation): boolean {
  return (
    claim.logRecordId === citation.logRecordId &&
    claim.url === citation.url &&
    claim.xpath === citation.xpath &&
    claim.snippet === citation.snippet &&
    claim.domSnapshotSha256 === citation.evidence.domSnapshot.sha256
  );
}

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim().toLowerCase();

function includesText(answer: string, claim: string): boolean {
  const wanted = collapse(claim);
  return wanted.length > 0 && collapse(answer).includes(wanted);
}

function refuse(
  completion: RunCompletedEvent,
  verdictId: string | null,
  reasons: string[],
): { completion: RunCompletedEvent; gate: VerdictGate } {
  const claim = completion.answer?.text.slice(0, 2000) ?? '';
  return {
    completion: {
      ...completion,
      outcome: 'unverified',
      answer: null,
      failures: [
        ...completion.failures,
        ...reasons.map((r) => ({ claim, reason: `refused by the gateway: ${r}` })),
      ],
    },
    gate: { status: 'refused', verdictId, reasons, withheld: completion.answer?.citations ?? [] },
  };
}
