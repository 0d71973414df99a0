import { Module, type DynamicModule } from '@nestjs/common';
import { EvidenceModule } from '@forage/evidence';
import type { DomExtractionConfig } from './config.js';
import { DOM_EXTRACTION_CONFIG } from './tokens.js';
import { BrowserMetrics } from './adapters/browser-metrics.js';
import { BrowserPool } from './adapters/browser-pool.js';
import { CrawlMetrics } from './adapters/crawl-metrics.js';
import { EgressGuard } from './adapters/egress-guard.js';
import { PageExtraction } from './adapters/page-extraction.js';
import { PageRenderer } from './adapters/page-renderer.js';
import { Politeness } from './adapters/politeness.js';
import { RobotsCache } from './adapters/robots-cache.js';
import { SnapshotEvidence } from './adapters/snapshot-evidence.js';
import { ExtractHandler } from './handlers/extract.handler.js';

@Module({})
export class DomExtractionModule {
  static register(config: DomExtractionConfig): DynamicModule {
    return {
      module: DomExtractionModule,
      imports: [EvidenceModule.register(config)],
      controllers: [ExtractHandler],
      providers: [
        { provide: DOM_EXTRACTION_CONFIG, useValue: config },
        EgressGuard,
        BrowserPool,
        BrowserMetrics,
        CrawlMetrics,
        PageRenderer,
        SnapshotEvidence,
        RobotsCache,
        Politeness,
        PageExtraction,
      ],
    };
  }
}
