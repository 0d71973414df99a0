import { Module, type DynamicModule } from '@nestjs/common';
import type { SearchConfig } from './config.js';
import { SEARCH_CONFIG } from './tokens.js';
import { LocalIndex } from './adapters/local-index.js';
import { IndexedFilesServer } from './adapters/indexed-files-server.js';
import { SearchEngine } from './adapters/search-engine.js';
import { SearchMetrics } from './adapters/search-metrics.js';
import { SearchHandler } from './handlers/search.handler.js';
import { OutcomeHandler } from './handlers/outcome.handler.js';
import { DomainTrustStore } from './adapters/domain-trust-store.js';

@Module({})
export class SearchModule {
  static register(config: SearchConfig): DynamicModule {
    return {
      module: SearchModule,
      controllers: [SearchHandler, OutcomeHandler],
      providers: [
        { provide: SEARCH_CONFIG, useValue: config },
        IndexedFilesServer,
        LocalIndex,
        SearchMetrics,
        DomainTrustStore,
        SearchEngine,
      ],
    };
  }
}
