import {
  abstain,
  answerHeuristically,
  toScoredAnswer,
  type AnswerInput,
  type AnswerOutcome,
} from './heuristic-answer.js';
import type { LlmUsage } from '@forage/llm';
import { buildAnswerPrompt, type JsonModel } from './llm-prompt.js';
import { groundLlmAnswer, llmReplySchema } from './llm-reply.js';
import { analyzeQuestion } from './question.js';
import { retrieve } from './retrieval.js';

export interface FoundAnswers extends AnswerOutcome {
  readonly method: 'heuristic' | 'llm';
  /** Why the LLM path was left for the heuristic one, when it was. */
  readonly fallback: string | null;
  /** Tokens and cost of the model's calls for this answer (also when its reply was rejected). */
  readonly usage?: LlmUsage;
}

/**
 * Answers with the model (a JSON reply checked against `llmReplySchema`) when one is configured — given the BM25 top-k chunks — and with
 * the heuristic path otherwise. Any failure of the model (HTTP error, timeout, malformed or
 * ungrounded reply) falls back to the heuristic path, reported through `onFallback`.
 */
export async function findAnswers(
  input: AnswerInput & {
    model: JsonModel | null;
    topK: number;
    runId?: string;
    onFallback?: (err: unknown) => void;
  },
): Promise<FoundAnswers> {
  let usage: LlmUsage | undefined;
  const heuristic = (fallback: string | null): FoundAnswers => ({
    ...answerHeuristically(input),
    method: 'heuristic',
    fallback,
    ...(usage ? { usage } : {}),
  });
  if (!input.model) return heuristic(null);
  const question = analyzeQuestion(input.question);
  const { top, weights } = retrieve({ question, chunks: input.chunks, limit: input.topK });
  if (top.length === 0) return heuristic(null);
  const chunks = top.map((r) => r.chunk);
  try {
    const completion = await input.model.json(
      buildAnswerPrompt({ question: input.question, chunks }),
      llmReplySchema,
      input.runId ? { runId: input.runId } : {},
    );
    usage = completion.usage;
    const reply = completion.value;
    if ('abstain' in reply)
      return {
        ...abstain(`model abstained: ${reply.reason}`),
        expectedType: question.expected,
        method: 'llm',
        fallback: null,
        usage,
      };
    const grounded = groundLlmAnswer({
      reply,
      chunks,
      question,
      weights,
      retrieval: top.map((r) => r.normalized),
    });
    if (grounded.confidence < input.minConfidence) {
      return {
        ...abstain(
          `model answer confidence ${grounded.confidence} is below minConfidence ${input.minConfidence}`,
        ),
        expectedType: question.expected,
        best: { confidence: grounded.confidence, components: grounded.components },
        method: 'llm',
        fallback: null,
        usage,
      };
    }
    return {
      answers: [toScoredAnswer({ ...grounded, answerType: question.expected })],
      abstained: false,
      reason: null,
      expectedType: question.expected,
      best: { confidence: grounded.confidence, components: grounded.components },
      method: 'llm',
      fallback: null,
      usage,
    };
  } catch (err) {
    input.onFallback?.(err);
    return heuristic(err instanceof Error ? `${err.name}: ${err.message}` : String(err));
  }
}
