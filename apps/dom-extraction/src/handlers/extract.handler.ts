import { Controller, Inject } from '@nestjs/common';
import { extractPage, type CommandReply, type CommandRequest } from '@forage/contracts';
import { ForageError, HandleCommand, LOGGER, ToolRecorder } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import { crawlOutcomeLabel } from '../core/crawl-outcome.js';
import { toPageSnapshot } from '../core/page-snapshot.js';
import { CrawlMetrics } from '../adapters/crawl-metrics.js';
import { PageExtraction, type Extraction } from '../adapters/page-extraction.js';

type ExtractRequest = CommandRequest<typeof extractPage>;

@Controller()
export class ExtractHandler {
  constructor(
    @Inject(PageExtraction) private readonly extraction: PageExtraction,
    @Inject(ToolRecorder) private readonly recorder: ToolRecorder,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CrawlMetrics) private readonly crawlMetrics: CrawlMetrics,
  ) {}

  @HandleCommand(extractPage)
  async extract(request: ExtractRequest): Promise<CommandReply<typeof extractPage>> {
    const startedAt = performance.now();
    let result: Extraction;
    try {
      result = await this.extraction.extract(request);
    } catch (err) {
      await this.recordFailure(request, startedAt, err);
      if (request.links) this.crawlMetrics.count(request.url, crawlOutcomeLabel('failed'));
      throw err;
    }
    const { outcome, render, evidence } = result;
    if (request.links)
      this.crawlMetrics.count(request.url, crawlOutcomeLabel({ outcome, status: render.status }));
    const logRecordId = await this.recorder.record({
      runId: request.runId,
      taskId: `extract:${request.url}`,
      status: outcome.kind === 'ok' && render.status < 400 ? 'success' : 'partial',
      confidence: outcome.kind === 'ok' ? 1 : 0.5,
      startedAt,
      evidence,
      data: { url: request.url, outcome, ...result.details },
    });
    return toPageSnapshot({ ...result, requestedUrl: request.url, logRecordId });
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
