import { Controller, Inject } from '@nestjs/common';
import { answerQuestion, type CommandReply, type CommandRequest } from '@forage/contracts';
import { HandleCommand, LOGGER, ToolRecorder } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import { ChunkCorpus } from '../adapters/chunk-corpus.js';
import type { ProcessingConfig } from '../config.js';
import { QuestionWithoutContentError } from '../errors.js';
import { findAnswers } from '../core/find-answers.js';
import { analyzeQuestion } from '../core/question.js';
import type { JsonModel } from '../core/llm-prompt.js';
import { CHAT_MODEL, PROCESSING_CONFIG } from '../tokens.js';

@Controller()
export class AnswerHandler {
  constructor(
    @Inject(CHAT_MODEL) private readonly model: JsonModel | null,
    @Inject(PROCESSING_CONFIG) private readonly config: ProcessingConfig,
    @Inject(ToolRecorder) private readonly recorder: ToolRecorder,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(ChunkCorpus) private readonly corpus: ChunkCorpus,
  ) {}

  @HandleCommand(answerQuestion)
  async answer(request: CommandRequest<typeof answerQuestion>): Promise<CommandReply<typeof answerQuestion>> {
    const startedAt = performance.now();
    if (analyzeQuestion(request.question).terms.length === 0) {
      throw new QuestionWithoutContentError('the question has no content words to look for', {
        issues: [
          {
            path: 'question',
            message: 'no content words (only stop words, punctuation or control characters)',
          },
        ],
      });
    }
    const { chunkSets, ...asked } = request;
    const chunks = await this.corpus.chunksOf(chunkSets);
    const found = await findAnswers({
      ...asked,
      chunks,
      model: this.model,
      runId: request.runId,
      topK: this.config.LLM_TOP_K,
      onFallback: (err) => {
        this.logger.warn({ err }, 'LLM answer rejected or unavailable; answering with heuristics');
      },
    });
    const top = found.answers[0];
    const logRecordId = await this.recorder.record({
      runId: request.runId,
      taskId: `answer:${request.question}`,
      status: found.abstained ? 'partial' : 'success',
      confidence: top?.confidence ?? 0,
      startedAt,
      evidence: { domSnapshot: top?.source.domSnapshot ?? null },
      data: {
        question: request.question,
        method: found.method,
        fallback: found.fallback,
        abstained: found.abstained,
        reason: found.reason,
        chunkCount: chunks.length,
        chunkSets: chunkSets.map((s) => s.chunkSet.sha256),
        expectedType: found.expectedType ?? null,
        best: found.best ?? null,
        usage: found.usage ?? null,
        answers: found.answers.map((a) => ({ text: a.text, confidence: a.confidence, ...a.source })),
      },
    });
    return {
      answers: found.answers,
      abstained: found.abstained,
      reason: found.reason,
      method: found.method,
      logRecordId,
      ...(found.expectedType ? { expectedType: found.expectedType } : {}),
      ...(found.best ? { confidence: found.best.confidence, components: found.best.components } : {}),
      ...(found.usage ? { usage: found.usage } : {}),
      ...(found.leads && found.leads.length > 0 ? { leads: found.leads.slice(0, 5) } : {}),
    };
  }
}
