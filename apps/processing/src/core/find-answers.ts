import {
  abstain,
  answerHeuristically,
  toScoredAnswer,
  type AnswerInput,
  type AnswerOutcome,
} from './heuristic-answer.js';
import { buildAnswerPrompt, type ChatModel } from './llm-prompt.js';
import { groundLlmAnswer, parseLlmReply } from './llm-reply.js';
import { analyzeQuestion } from './question.js';
import { retrieve } from './retrieval.js';

export interface FoundAnswers extends AnswerOutcome {
  readonly method: 'heuristic' | 'llm';
  /** Why the LLM path was left for the heuristic one, when it was. */
  readonly fallback: string | null;
}

/**
 * Answers with the chat model when one is configured — given the BM25 top-k chunks — and with
 * the heuristic path otherwise. Any failure of the model (HTTP error, timeout, malformed or
 * ungrounded reply) falls back to the heuristic path, reported through `onFallback`.
 */
export async function findAnswers(
  input: AnswerInput & { model: ChatModel | null; topK: number; onFallback?: (err: unknown) => void },
): Promise<FoundAnswers> {
  const heuristic = (fallback: string | null): FoundAnswers => ({
    ...answerHeuristically(input),
    method: 'heuristic',
    fallback,
  });
  if (!input.model) return heuristic(null);
  const question = analyzeQuestion(input.question);
  const { top, weights } = retrieve({ question, chunks: input.chunks, limit: input.topK });
  if (top.length === 0) return heuristic(null);
  const chunks = top.map((r) => r.chunk);
  try {
    const reply = parseLlmReply(
      await input.model.complete(buildAnswerPrompt({ question: input.question, chunks })),
    );
    if ('abstain' in reply)
      return {
        ...abstain(`model abstained: ${reply.reason}`),
        expectedType: question.expected,
        method: 'llm',
        fallback: null,
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
    };
  } catch (err) {
    input.onFallback?.(err);
    return heuristic(err instanceof Error ? `${err.name}: ${err.message}` : String(err));
  }
}
