import { Controller, Inject } from '@nestjs/common';
import { understandPage, type CommandReply, type CommandRequest, type Listing } from '@forage/contracts';
import { parseHtml } from '@forage/html';
import { HandleCommand, ToolRecorder } from '@forage/messaging';
import { ChunkSetWriter } from '../adapters/chunk-set-writer.js';
import { LlmEnricher, type Enrichment } from '../adapters/llm-enricher.js';
import { SnapshotReader } from '../adapters/snapshot-reader.js';
import type { DomUnderstandingConfig } from '../config.js';
import { withFieldSources, withSourceRecord } from '../core/listings/field-sources.js';
import { withReloadStability } from '../core/listings/selector-stability.js';
import { listingsFromProposal } from '../core/llm/proposed-selectors.js';
import { listingsWithStability, takeWithinBudget, understandHtml } from '../core/understand.js';
import { DOM_UNDERSTANDING_CONFIG } from '../tokens.js';

/** Stands in for this understanding's own log record id (same length) until it is written. */
const PENDING_RECORD_ID = '00000000-0000-4000-8000-000000000000';
/** Share of the reply budget listings read through LLM-proposed selectors may take. */
const PROPOSED_LISTINGS_SHARE = 0.1;

@Controller()
export class UnderstandHandler {
  constructor(
    @Inject(SnapshotReader) private readonly snapshots: SnapshotReader,
    @Inject(ToolRecorder) private readonly recorder: ToolRecorder,
    @Inject(DOM_UNDERSTANDING_CONFIG) private readonly config: DomUnderstandingConfig,
    @Inject(LlmEnricher) private readonly enricher: LlmEnricher,
    @Inject(ChunkSetWriter) private readonly chunkSets: ChunkSetWriter,
  ) {}

  @HandleCommand(understandPage)
  async understand(
    request: CommandRequest<typeof understandPage>,
  ): Promise<CommandReply<typeof understandPage>> {
    const startedAt = performance.now();
    const html = await this.snapshots.read(request.domSnapshot);
    const source = {
      domSnapshot: request.domSnapshot,
      logRecordId: request.logRecordId ?? PENDING_RECORD_ID,
    };
    const page = understandHtml(html, {
      maxChunks: this.config.UNDERSTAND_MAX_CHUNKS,
      maxInteractive: this.config.UNDERSTAND_MAX_INTERACTIVE,
      maxBytes: this.config.UNDERSTAND_MAX_REPLY_BYTES,
      url: request.url,
      ...(request.scriptedElements ? { scripted: request.scriptedElements } : {}),
      source,
    });
    const enrichment = this.enricher.enabled
      ? await this.enricher.enrich({
          runId: request.runId,
          url: request.url,
          title: page.title,
          html,
          inventory: page.inventory,
          listingsFound: page.listings.length,
        })
      : null;
    const proposed = takeWithinBudget(
      withFieldSources(
        (enrichment?.listings ?? []).map((l, i) => ({ ...l, id: `l${i + 1}` })),
        { url: request.url, title: page.title, ...source, chunks: page.chunks },
      ),
      200,
      this.config.UNDERSTAND_MAX_REPLY_BYTES * PROPOSED_LISTINGS_SHARE,
    );
    const reloadHtml = request.reloadSnapshot ? await this.snapshots.read(request.reloadSnapshot) : null;
    const measured =
      reloadHtml === null
        ? [...page.listings, ...proposed]
        : [
            ...listingsWithStability({ listings: page.listings, reloadHtml, url: request.url }),
            ...proposedAgain(proposed, enrichment, reloadHtml),
          ];
    const inventory = enrichment?.inventory ?? page.inventory;
    const chunkSet = await this.chunkSets.write({ url: request.url, title: page.title, chunks: page.chunks });
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
        chunkSet: chunkSet.ref.sha256,
        interactiveCount: page.interactive.length,
        listingCount: measured.length,
        inventoryCount: inventory.length,
        duplicateChunks: page.duplicateChunks,
        truncated: page.truncated,
        ...(enrichment ? { llm: enrichment.notes } : {}),
      },
    });
    // without the capture's record, the fields name this one (it records the same snapshot)
    const listings = request.logRecordId ? measured : withSourceRecord(measured, logRecordId);
    const mainItem =
      page.mainItem && !request.logRecordId
        ? withSourceRecord([page.mainItem], logRecordId)[0]
        : page.mainItem;
    return {
      url: request.url,
      logRecordId,
      title: page.title,
      chunkSet,
      interactive: page.interactive,
      listings,
      ...(mainItem ? { mainItem } : {}),
      inventory,
      truncated: page.truncated,
    };
  }
}

/** The LLM-selector listings with their stability: the same selectors re-queried in the reload. */
function proposedAgain(proposed: Listing[], enrichment: Enrichment | null, reloadHtml: string): Listing[] {
  if (proposed.length === 0 || !enrichment?.proposal) return proposed;
  const again = listingsFromProposal(parseHtml(reloadHtml), enrichment.proposal);
  const reloaded = 'listings' in again ? again.listings.map((l, i) => ({ ...l, id: `l${i + 1}` })) : [];
  return withReloadStability(proposed, reloaded);
}
