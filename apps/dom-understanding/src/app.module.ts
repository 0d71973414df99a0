import { Module, type DynamicModule } from '@nestjs/common';
import { EvidenceModule } from '@forage/evidence';
import { LlmClient, llmOptionsFrom } from '@forage/llm';
import type { DomUnderstandingConfig } from './config.js';
import { DOM_UNDERSTANDING_CONFIG, LLM_CLIENT } from './tokens.js';
import { ChunkSetWriter } from './adapters/chunk-set-writer.js';
import { LlmEnricher } from './adapters/llm-enricher.js';
import { SnapshotReader } from './adapters/snapshot-reader.js';
import { UnderstandHandler } from './handlers/understand.handler.js';

@Module({})
export class DomUnderstandingModule {
  static register(config: DomUnderstandingConfig): DynamicModule {
    return {
      module: DomUnderstandingModule,
      imports: [EvidenceModule.register(config)],
      controllers: [UnderstandHandler],
      providers: [
        { provide: DOM_UNDERSTANDING_CONFIG, useValue: config },
        { provide: LLM_CLIENT, useValue: llmClientFrom(config) },
        SnapshotReader,
        ChunkSetWriter,
        LlmEnricher,
      ],
    };
  }
}

function llmClientFrom(config: DomUnderstandingConfig): LlmClient | null {
  const options = llmOptionsFrom(config);
  return options ? new LlmClient(options) : null;
}
