import { Controller, Inject } from '@nestjs/common';
import { understandPage, type CommandReply, type CommandRequest } from '@forage/contracts';
import { HandleCommand, ToolRecorder } from '@forage/messaging';
import { SnapshotReader } from '../adapters/snapshot-reader.js';
import type { DomUnderstandingConfig } from '../config.js';
import { withSourceRecord } from '../core/listings/field-sources.js';
import { listingsWithStability, understandHtml } from '../core/understand.js';
import { DOM_UNDERSTANDING_CONFIG } from '../tokens.js';

/** Stands in for this understanding's own log record id (same length) until it is written. */
const PENDING_RECORD_ID = '00000000-0000-4000-8000-000000000000';

@Controller()
export class UnderstandHandler {
  constructor(
    @Inject(SnapshotReader) private readonly snapshots: SnapshotReader,
    @Inject(ToolRecorder) private readonly recorder: ToolRecorder,
    @Inject(DOM_UNDERSTANDING_CONFIG) private readonly config: DomUnderstandingConfig,
  ) {}

  @HandleCommand(understandPage)
  async understand(
    request: CommandRequest<typeof understandPage>,
  ): Promise<CommandReply<typeof understandPage>> {
    const startedAt = performance.now();
    const html = await this.snapshots.read(request.domSnapshot);
    const page = understandHtml(html, {
      maxChunks: this.config.UNDERSTAND_MAX_CHUNKS,
      maxInteractive: this.config.UNDERSTAND_MAX_INTERACTIVE,
      maxBytes: this.config.UNDERSTAND_MAX_REPLY_BYTES,
      url: request.url,
      ...(request.scriptedElements ? { scripted: request.scriptedElements } : {}),
      source: { domSnapshot: request.domSnapshot, logRecordId: request.logRecordId ?? PENDING_RECORD_ID },
    });
    const measured = request.reloadSnapshot
      ? listingsWithStability({
          listings: page.listings,
          reloadHtml: await this.snapshots.read(request.reloadSnapshot),
          url: request.url,
        })
      : page.listings;
    const logRecordId = await this.recorder.record({
      runId: request.runId,
      taskId: `understand:${request.url}`,
      status: page.chunks.length > 0 ? 'success' : 'partial',
      confidence: page.chunks.length > 0 ? 1 : 0.5,
      startedAt,
      evidence: { domSnapshot: request.domSnapshot },
      data: {
        url: request.url,
        title: page.title,
        chunkCount: page.chunks.length,
        interactiveCount: page.interactive.length,
        listingCount: page.listings.length,
        inventoryCount: page.inventory.length,
        duplicateChunks: page.duplicateChunks,
        truncated: page.truncated,
      },
    });
    // without the capture's record, the fields name this one (it records the same snapshot)
    const listings = request.logRecordId ? measured : withSourceRecord(measured, logRecordId);
    return {
      url: request.url,
      logRecordId,
      title: page.title,
      chunks: page.chunks,
      interactive: page.interactive,
      listings,
      inventory: page.inventory,
      truncated: page.truncated,
    };
  }
}
