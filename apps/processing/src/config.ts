import { z } from 'zod';
import { baseEnvSchema, parseConfig, portSchema } from '@forage/config';
import { evidenceEnvSchema } from '@forage/evidence';
import { checkLlmEnv, llmEnvShape } from '@forage/llm';

export const processingConfigSchema = baseEnvSchema
  .extend(evidenceEnvSchema.shape)
  .extend(llmEnvShape)
  .extend({
    OPS_PORT: portSchema.default(7806),
    /** How many retrieved chunks the model sees. */
    LLM_TOP_K: z.coerce.number().int().min(1).max(30).default(8),
    /** Memory for chunk sets read by reference and the BM25 indexes built over them (LRU; an index takes ~16× its text). */
    PROCESSING_CHUNK_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(128),
  })
  .superRefine(checkLlmEnv);
export type ProcessingConfig = z.infer<typeof processingConfigSchema>;

/** An empty variable is an unset one (`LLM_BASE_URL=` in a .env file turns the model off). */
export const loadProcessingConfig = (env: NodeJS.ProcessEnv = process.env): ProcessingConfig =>
  parseConfig(
    processingConfigSchema,
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
