import { Controller, Inject } from '@nestjs/common';
import { verifyRun, type CommandReply, type CommandRequest } from '@forage/contracts';
import { HandleCommand, ToolRecorder } from '@forage/messaging';
import { EvidenceReader } from '../adapters/evidence-reader.js';
import { TraceReader } from '../adapters/trace-reader.js';
import { digestOf, type VerdictSigner } from '@forage/evidence';
import { claimSources } from '../core/derived.js';
import { judgeRun, verdictCounts } from '../core/judge.js';
import { recordedVerdictOf } from '../core/recorded-verdict.js';
import { wantedRecordIds } from '../core/trace.js';
import { reviewWithModel, type EntailmentReader } from '../core/review.js';
import { ENTAILMENT_READER, VERDICT_SIGNER } from '../tokens.js';

@Controller()
export class VerifyHandler {
  constructor(
    @Inject(TraceReader) private readonly traces: TraceReader,
    @Inject(EvidenceReader) private readonly evidence: EvidenceReader,
    @Inject(ToolRecorder) private readonly recorder: ToolRecorder,
    @Inject(ENTAILMENT_READER) private readonly entailment: EntailmentReader | null,
    @Inject(VERDICT_SIGNER) private readonly signer: VerdictSigner | null,
  ) {}

  /**
   * Gathers the run's records and cited snapshots, judges every claim, and logs the outcome with
   * the verdict itself, signed; the reply points at that record and the verdict's digest.
   */
  @HandleCommand(verifyRun)
  async verify(request: CommandRequest<typeof verifyRun>): Promise<CommandReply<typeof verifyRun>> {
    const startedAt = performance.now();
    const [trace, evidence] = await Promise.all([
      this.traces.read({ runId: request.runId, recordIds: wantedRecordIds(request) }),
      this.evidence.readAll(request.claims.flatMap((c) => claimSources(c).map((s) => s.domSnapshot))),
    ]);
    const checked = judgeRun({ ...request, records: trace.records, chain: trace.chain, evidence });
    // with a model configured, it reads each verified claim in its evidence and may only withhold
    const judgement = this.entailment
      ? await reviewWithModel({ ...request, evidence, judgement: checked, reader: this.entailment })
      : checked;
    const counts = verdictCounts(judgement);
    const verdict = recordedVerdictOf({ runId: request.runId, claims: request.claims, judgement });
    const digest = digestOf(verdict);
    const logRecordId = await this.recorder.record({
      runId: request.runId,
      // a replay's re-verification is a task of its own, not attempt 2 of the release verification
      taskId: request.purpose === 'replay' ? 'verify:replay' : 'verify',
      status: judgement.released ? 'success' : 'partial',
      confidence: counts.claims === 0 ? 0 : counts.verified / counts.claims,
      startedAt,
      data: {
        ...counts,
        released: judgement.released,
        replay: request.purpose === 'replay',
        traceComplete: judgement.trace.complete,
        missingRecords: judgement.trace.missingRecordIds.length,
        chainValid: judgement.trace.chainValid,
        // the actions this verification covers: logging's trace report counts them
        expectedRecordIds: request.expectedRecordIds,
        verdict,
        // only the verifier holds the key: a verdict recorded by anyone else cannot carry this
        ...(this.signer ? { verdictSignature: this.signer.sign(verdict) } : {}),
      },
    });
    return { runId: request.runId, ...judgement, logRecordId, verdict: { id: logRecordId, digest } };
  }
}
