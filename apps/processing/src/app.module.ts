import { Module, type DynamicModule } from '@nestjs/common';
import type { ProcessingConfig } from './config.js';
import { CHAT_MODEL, PROCESSING_CONFIG } from './tokens.js';
import { EvidenceModule } from '@forage/evidence';
import { LlmClient, llmOptionsFrom } from '@forage/llm';
import { ChunkCorpus } from './adapters/chunk-corpus.js';
import { AggregateHandler } from './handlers/aggregate.handler.js';
import { AnswerHandler } from './handlers/answer.handler.js';
import { ListingsHandler } from './handlers/listings.handler.js';
import { NormalizeHandler } from './handlers/normalize.handler.js';

@Module({})
export class ProcessingModule {
  static register(config: ProcessingConfig): DynamicModule {
    return {
      module: ProcessingModule,
      imports: [EvidenceModule.register(config)],
      controllers: [NormalizeHandler, AnswerHandler, AggregateHandler, ListingsHandler],
      providers: [
        { provide: PROCESSING_CONFIG, useValue: config },
        { provide: CHAT_MODEL, useValue: chatModelFor(config) },
        ChunkCorpus,
      ],
    };
  }
}

/** The configured LLM client, or null: the heuristic path needs none. */
function chatModelFor(config: ProcessingConfig): LlmClient | null {
  const options = llmOptionsFrom(config);
  return options ? new LlmClient(options) : null;
}
