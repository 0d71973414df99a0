import { Module, type DynamicModule } from '@nestjs/common';
import type { ProcessingConfig } from './config.js';
import { CHAT_MODEL, PROCESSING_CONFIG } from './tokens.js';
import { OpenAiChat } from './adapters/openai-chat.js';
import { AggregateHandler } from './handlers/aggregate.handler.js';
import { AnswerHandler } from './handlers/answer.handler.js';
import { NormalizeHandler } from './handlers/normalize.handler.js';
import type { ChatModel } from './core/llm-prompt.js';

@Module({})
export class ProcessingModule {
  static register(config: ProcessingConfig): DynamicModule {
    return {
      module: ProcessingModule,
      controllers: [NormalizeHandler, AnswerHandler, AggregateHandler],
      providers: [
        { provide: PROCESSING_CONFIG, useValue: config },
        { provide: CHAT_MODEL, useValue: chatModelFor(config) },
      ],
    };
  }
}

/** The configured chat model, or null: the heuristic path needs none. */
function chatModelFor(config: ProcessingConfig): ChatModel | null {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) return null;
  return new OpenAiChat({
    baseURL: config.LLM_BASE_URL,
    model: config.LLM_MODEL,
    ...(config.LLM_API_KEY ? { apiKey: config.LLM_API_KEY } : {}),
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxRetries: config.LLM_MAX_RETRIES,
  });
}
