import { z } from 'zod';
import type { LlmClientOptions } from './client.js';

/**
 * The LLM variables every LLM-backed service reads (spread into the service's env schema). The
 * endpoint is optional: unset means the service uses its heuristic path.
 */
export const llmEnvShape = {
  /** OpenAI-compatible endpoint (OpenAI, vLLM, Ollama, llama.cpp), e.g. http://127.0.0.1:8000/v1. */
  LLM_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  LLM_MODEL: z.string().min(1).max(200).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(20_000),
  /** Retries of the SDK itself (429 and 5xx, with its back-off). */
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(1),
  /** US dollars per million prompt / completion tokens, for cost accounting; 0 = not priced. */
  LLM_PRICE_INPUT_PER_MTOK: z.coerce.number().min(0).max(10_000).default(0),
  LLM_PRICE_OUTPUT_PER_MTOK: z.coerce.number().min(0).max(10_000).default(0),
};

export type LlmEnv = z.output<z.ZodObject<typeof llmEnvShape>>;

/** Adds the "model is required with an endpoint" rule to a service's env schema (superRefine). */
export function checkLlmEnv(env: Partial<LlmEnv>, ctx: z.RefinementCtx): void {
  if (env.LLM_BASE_URL && !env.LLM_MODEL) {
    ctx.addIssue({
      code: 'custom',
      path: ['LLM_MODEL'],
      message: 'LLM_MODEL is required when LLM_BASE_URL is set',
    });
  }
}

/** Client options from a parsed env, or null when no endpoint is configured. */
export function llmOptionsFrom(env: LlmEnv): LlmClientOptions | null {
  if (!env.LLM_BASE_URL || !env.LLM_MODEL) return null;
  const priced = env.LLM_PRICE_INPUT_PER_MTOK > 0 || env.LLM_PRICE_OUTPUT_PER_MTOK > 0;
  return {
    baseURL: env.LLM_BASE_URL,
    model: env.LLM_MODEL,
    ...(env.LLM_API_KEY ? { apiKey: env.LLM_API_KEY } : {}),
    timeoutMs: env.LLM_TIMEOUT_MS,
    maxRetries: env.LLM_MAX_RETRIES,
    ...(priced
      ? {
          pricing: {
            inputPerMTok: env.LLM_PRICE_INPUT_PER_MTOK,
            outputPerMTok: env.LLM_PRICE_OUTPUT_PER_MTOK,
          },
        }
      : {}),
  };
}
