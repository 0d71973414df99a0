import { Controller, Inject } from '@nestjs/common';
import { extractPage, type CommandReply, type CommandRequest } from '@forage/contracts';
import { ForageError, HandleCommand, LOGGER, ToolRecorder } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import { classifyOutcome } from '../core/page-outcome.js';
import { toPageSnapshot } from '../core/page-snapshot.js';
import { PageRenderer, type RenderedPage } from '../adapters/page-renderer.js';
import { SnapshotEvidence, type StoredEvidence } from '../adapters/snapshot-evidence.js';

type ExtractRequest = CommandRequest<typeof extractPage>;

@Controller()
export class ExtractHandler {
  constructor(
    @Inject(PageRenderer) private readonly renderer: PageRenderer,
    @Inject(SnapshotEvidence) private readonly evidence: SnapshotEvidence,
    @Inject(ToolRecorder) private readonly recorder: ToolRecorder,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @HandleCommand(extractPage)
  async extract(request: ExtractRequest): Promise<CommandReply<typeof extractPage>> {
    const startedAt = performance.now();
    let rendered: RenderedPage;
    let evidence: StoredEvidence;
    try {
      rendered = await this.renderer.render(request);
      evidence = await this.evidence.save(rendered);
    } catch (err) {
      await this.recordFailure(request, startedAt, err);
      throw err;
    }
    const outcome = classifyOutcome(rendered);
    const { finalUrl, status, title, contentType, network, settled, timings } = rendered;
    const logRecordId = await this.recorder.record({
      runId: request.runId,
      taskId: `extract:${request.url}`,
      status: outcome.kind === 'ok' && status < 400 ? 'success' : 'partial',
      confidence: outcome.kind === 'ok' ? 1 : 0.5,
      startedAt,
      evidence,
      data: { url: request.url, finalUrl, status, title, contentType, outcome, network, settled, timings },
    });
    return toPageSnapshot({ requestedUrl: request.url, render: rendered, outcome, evidence, logRecordId });
  }

  /** Failures are tool outcomes too; a failure to record one must not hide the original error. */
  private async recordFailure(request: ExtractRequest, startedAt: number, err: unknown): Promise<void> {
    const error =
      err instanceof ForageError
        ? { code: err.code, message: err.message }
        : { code: 'internal', message: String(err) };
    try {
      await this.recorder.record({
        runId: request.runId,
        taskId: `extract:${request.url}`,
        status: 'fail',
        confidence: 0,
        startedAt,
        data: { url: request.url, error },
      });
    } catch (recordErr) {
      this.logger.error({ err: recordErr }, 'could not record a failed extraction');
    }
  }
}
