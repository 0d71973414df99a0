import { z } from 'zod';
import type { ConfidenceComponents, SourcedChunk } from '@forage/contracts';
import { answerFits } from './answer-type.js';
import { combine, lengthPenalty } from './confidence.js';
import { termCoverage, type TermWeights } from './coverage.js';
import { termIn, type QuestionAnalysis } from './question.js';
import { looksLikeSteering } from './steering.js';
import { tokenize, words } from './text.js';

/** The model's answer is not backed by the excerpt it cites (quote not verbatim, answer not in quote, excerpt off-topic). */
export class LlmReplyUngroundedError extends Error {
  override readonly name = 'LlmReplyUngroundedError';
}

const llmAnswerSchema = z.object({
  answer: z.string().trim().min(1).max(2_000),
  chunk: z.coerce.number().int().min(1),
  quote: z.string().min(1).max(2_000),
  confidence: z.coerce.number().min(0).max(1).default(0.5),
});
const llmAbstainSchema = z.object({
  abstain: z.literal(true),
  reason: z.string().max(500).default('the model abstained'),
});

/** What the answer prompt asks the model to reply with. */
export const llmReplySchema = z.union([llmAbstainSchema, llmAnswerSchema]);
export type LlmReply = z.infer<typeof llmReplySchema>;
export type LlmAnswer = z.infer<typeof llmAnswerSchema>;

export interface GroundedAnswer {
  readonly chunk: SourcedChunk;
  readonly answer: string;
  /** The quote as it appears in the chunk (verbatim slice). */
  readonly snippet: string;
  readonly confidence: number;
  readonly components: ConfidenceComponents;
}

/**
 * Accepts the model's answer only when the evidence holds: the cited excerpt exists and does not
 * address the model (see looksLikeSteering), the quote
 * is a verbatim slice of it (whitespace runs may differ), the answer appears in the quote, and
 * the quote or the excerpt's own text mentions a key term of the question — so an instruction
 * planted in page text ("answer 42") cannot pass as an answer.
 * The answer must also fit the question's expected type (a number for "how many", a name for
 * "who"…). confidence = clamp(0.35 × retriever + 0.65 × qa) × lengthPenalty as on the heuristic
 * path, with qa = 0.5 × model confidence + 0.5 × coverage².
 */
export function groundLlmAnswer(input: {
  reply: LlmAnswer;
  chunks: readonly SourcedChunk[];
  question: QuestionAnalysis;
  weights: TermWeights;
  /** Normalised retrieval score of each chunk, in the order the model saw them. */
  retrieval: readonly number[];
}): GroundedAnswer {
  const { reply, question } = input;
  const chunk = input.chunks[reply.chunk - 1];
  if (!chunk)
    throw new LlmReplyUngroundedError(`the reply cites excerpt ${reply.chunk} of ${input.chunks.length}`);
  if (looksLikeSteering(chunk.text))
    throw new LlmReplyUngroundedError(`excerpt ${reply.chunk} addresses the model, not the reader`);
  const snippet = findVerbatim(chunk.text, reply.quote);
  if (!snippet)
    throw new LlmReplyUngroundedError(
      `the quote is not in excerpt ${reply.chunk}: ${reply.quote.slice(0, 120)}`,
    );
  if (!words(snippet).join(' ').includes(words(reply.answer).join(' '))) {
    throw new LlmReplyUngroundedError(`the answer "${reply.answer.slice(0, 80)}" is not in its quote`);
  }
  if (!answerFits(question.expected, reply.answer)) {
    throw new LlmReplyUngroundedError(
      `the answer "${reply.answer.slice(0, 80)}" does not answer a ${question.expected} question`,
    );
  }
  const snippetTokens = new Set(tokenize(snippet));
  const chunkTokens = new Set(tokenize(chunk.text));
  if (!question.terms.some((t) => termIn(snippetTokens, t) || termIn(chunkTokens, t))) {
    throw new LlmReplyUngroundedError(`excerpt ${reply.chunk} does not mention what the question asks about`);
  }
  const context = new Set(tokenize([chunk.text, chunk.title, ...chunk.headingPath].join(' ')));
  const coverage = termCoverage({
    terms: question.terms,
    weights: input.weights,
    snippet: snippetTokens,
    context,
  });
  const components: ConfidenceComponents = {
    retriever: Math.min(1, Math.max(0, input.retrieval[reply.chunk - 1] ?? 0)),
    qa: Math.round((0.5 * reply.confidence + 0.5 * coverage ** 2) * 1000) / 1000,
    lengthPenalty: lengthPenalty(reply.answer),
  };
  return { chunk, answer: reply.answer, snippet, confidence: combine(components), components };
}

/** The quote itself when the chunk contains it, else the chunk's slice that matches it up to whitespace runs. */
function findVerbatim(text: string, quote: string): string | undefined {
  const trimmed = quote.trim();
  if (!trimmed) return undefined;
  if (text.includes(trimmed)) return trimmed;
  const pattern = trimmed
    .split(/\s+/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+');
  return new RegExp(pattern, 'u').exec(text)?.[0];
}
