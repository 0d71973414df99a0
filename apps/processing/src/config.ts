import { z } from 'zod';
import { baseEnvSchema, parseConfig, portSchema } from '@forage/config';

/** An unset or empty variable is absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const processingConfigSchema = baseEnvSchema
  .extend({
    OPS_PORT: portSchema.default(7806),
    /** OpenAI-compatible endpoint (OpenAI, vLLM, Ollama, llama.cpp), e.g. http://127.0.0.1:8000/v1; unset = heuristics only. */
    LLM_BASE_URL: optional(z.url({ protocol: /^https?$/ })),
    LLM_MODEL: optional(z.string().min(1).max(200)),
    LLM_API_KEY: optional(z.string().min(1)),
    LLM_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(20_000),
    /** Retries inside the SDK before falling back to heuristics (each retry waits). */
    LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(0),
    /** How many retrieved chunks the model sees. */
    LLM_TOP_K: z.coerce.number().int().min(1).max(30).default(8),
  })
  .superRefine((env, ctx) => {
    if (env.LLM_BASE_URL && !env.LLM_MODEL) {
      ctx.addIssue({
        code: 'custom',
        path: ['LLM_MODEL'],
        message: 'LLM_MODEL is required when LLM_BASE_URL is set',
      });
    }
  });
export type ProcessingConfig = z.infer<typeof processingConfigSchema>;

export const loadProcessingConfig = (env: NodeJS.ProcessEnv = process.env): ProcessingConfig =>
  parseConfig(processingConfigSchema, env);
