import { randomUUID } from 'node:crypto';
import {
  answerQuestion,
  queryLogs,
  understandPage,
  verifyRun,
  type Claim,
  type CommandReply,
  type ChunkSetSelection,
  type CommandRequestInput,
  type StoredLogRecord,
} from '@forage/contracts';
import { compareReplay, type ReplayReport, type ReplayedClaim } from './compare.js';
import type { VerdictVerifier } from '@forage/evidence';
import { originalRunOf, type CapturedPage, type OriginalRun } from './original.js';

/** The requests a replay makes (request/reply over NATS in the CLI; anything in tests). */
export interface ReplayTools {
  query(request: CommandRequestInput<typeof queryLogs>): Promise<CommandReply<typeof queryLogs>>;
  understand(
    request: CommandRequestInput<typeof understandPage>,
  ): Promise<CommandReply<typeof understandPage>>;
  answer(request: CommandRequestInput<typeof answerQuestion>): Promise<CommandReply<typeof answerQuestion>>;
  verify(request: CommandRequestInput<typeof verifyRun>): Promise<CommandReply<typeof verifyRun>>;
}

/**
 * Re-runs a run's understanding, processing and verification over its stored evidence only: every
 * page the run captured is understood again from its stored DOM snapshot (no fetching), each
 * question is answered again from those chunks, and the recorded claims are verified again. The
 * understanding and answers are logged under a new replay run id, so the original run's trace is
 * left as it was; the re-verification is logged under the run itself (the verifier checks claims
 * against the run's own records). The report lists every difference.
 */
export async function replayRun(
  tools: ReplayTools,
  runId: string,
  /** Only a verdict the verifier signed is taken as the run's (the stack's VERDICT_PUBLIC_KEY). */
  signatures?: VerdictVerifier,
): Promise<ReplayReport & { replayRunId: string }> {
  const logged = await tools.query({ runId, limit: 1000 });
  const original = originalRunOf(logged.records, signatures);
  const replayRunId = randomUUID();
  const chunkSets: ChunkSetSelection[] = [];
  let chunks = 0;
  const failures: string[] = [];
  for (const page of original.pages) {
    try {
      const understood = await understandAgain(tools, replayRunId, page);
      chunks += understood.count;
      chunkSets.push(understood.selection);
    } catch (err) {
      failures.push(
        `page ${page.url} (record ${page.record.record_id}) could not be understood again: ${errorText(err)}`,
      );
    }
  }
  const questions = [];
  for (const { question } of original.questions) {
    const replied = chunks > 0 ? await tools.answer({ runId: replayRunId, question, chunkSets }) : undefined;
    questions.push({ question, answer: replied?.answers[0]?.text });
  }
  const { claims, released } = await reverify({ tools, runId, original, records: logged.records });
  return {
    ...compareReplay({ runId, original, chunks, questions, claims, released, failures }),
    replayRunId,
  };
}

async function understandAgain(
  tools: ReplayTools,
  replayRunId: string,
  page: CapturedPage,
): Promise<{ selection: ChunkSetSelection; count: number }> {
  const understood = await tools.understand({
    runId: replayRunId,
    url: page.url,
    domSnapshot: page.domSnapshot,
  });
  // the chunks stay in the evidence store: processing reads them by reference
  return {
    selection: {
      chunkSet: understood.chunkSet.ref,
      domSnapshot: page.domSnapshot,
      logRecordId: page.record.record_id,
    },
    count: understood.chunkSet.count,
  };
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The recorded claims, verified again against the same records and snapshots. */
async function reverify(input: {
  tools: ReplayTools;
  runId: string;
  original: OriginalRun;
  records: readonly StoredLogRecord[];
}): Promise<{ claims: ReplayedClaim[]; released: boolean }> {
  const recorded = input.original.verdict?.claims ?? [];
  const refs = new Map(input.original.pages.map((p) => [p.domSnapshot.sha256, p.domSnapshot]));
  for (const r of input.records)
    if (r.evidence.dom_snapshot) refs.set(r.evidence.dom_snapshot.sha256, r.evidence.dom_snapshot);
  const confidences = answerConfidences(input.records);
  const claims: Claim[] = [];
  for (const c of recorded) {
    const ref = refs.get(c.domSnapshotSha256);
    if (!ref) continue;
    claims.push({
      claimId: c.claimId,
      text: c.text,
      confidence: confidences.get(`${c.text}\u0000${c.snippet}`) ?? 1,
      ...(c.kind ? { kind: c.kind } : {}),
      ...(c.field ? { field: c.field } : {}),
      source: {
        url: c.url,
        xpath: c.xpath,
        snippet: c.snippet,
        domSnapshot: ref,
        logRecordId: c.logRecordId,
      },
    });
  }
  if (claims.length === 0) return { claims: [], released: false };
  const reply = await input.tools.verify({
    runId: input.runId,
    claims,
    expectedRecordIds: [],
    minConfidence: 0.35,
    purpose: 'replay',
  });
  const byId = new Map(reply.verdicts.map((v) => [v.claimId, v]));
  return {
    released: reply.released,
    claims: recorded.map((c) => {
      const v = byId.get(c.claimId);
      return v
        ? { text: c.text, verdict: v.verdict, outcome: v.outcome, reasons: v.reasons ?? [] }
        : {
            text: c.text,
            verdict: 'rejected',
            outcome: 'evidence_missing',
            reasons: ["its snapshot is not among the run's records"],
          };
    }),
  };
}

/** Processing recorded each answer's confidence; a claim's is looked up by its text and snippet. */
function answerConfidences(records: readonly StoredLogRecord[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of records) {
    const answers = r.tool_name === 'processing' ? r.output.data['answers'] : undefined;
    if (!Array.isArray(answers)) continue;
    for (const a of answers as unknown[]) {
      if (typeof a !== 'object' || a === null) continue;
      const { text, snippet, confidence } = a as { text?: unknown; snippet?: unknown; confidence?: unknown };
      if (typeof text === 'string' && typeof snippet === 'string' && typeof confidence === 'number')
        out.set(`${text}\u0000${snippet}`, confidence);
    }
  }
  return out;
}
