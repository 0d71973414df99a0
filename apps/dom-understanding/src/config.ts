import { z } from 'zod';
import { CHUNK_SET_MAX_CHUNKS } from '@forage/contracts';
import { baseEnvSchema, parseConfig, portSchema } from '@forage/config';
import { evidenceEnvSchema } from '@forage/evidence';
import { checkLlmEnv, llmEnvShape } from '@forage/llm';

export const domUnderstandingConfigSchema = baseEnvSchema
  .extend(evidenceEnvSchema.shape)
  .extend(llmEnvShape)
  .extend({
    OPS_PORT: portSchema.default(7805),
    /** Most content chunks stored for one page (its chunk set; the contract allows 20,000). */
    UNDERSTAND_MAX_CHUNKS: z.coerce.number().int().min(1).max(CHUNK_SET_MAX_CHUNKS).default(5_000),
    /** Most interactive elements one reply carries (the contract allows 1,000). */
    UNDERSTAND_MAX_INTERACTIVE: z.coerce.number().int().min(1).max(1_000).default(400),
    /** Budget for the serialised elements and listings (chunks go by reference); NATS refuses messages over 1 MB. */
    UNDERSTAND_MAX_REPLY_BYTES: z.coerce.number().int().min(10_000).max(900_000).default(700_000),
    /** With an LLM configured: most inventory elements whose descriptions it rewrites per page (0 = none). */
    UNDERSTAND_LLM_DESCRIBE_MAX: z.coerce.number().int().min(0).max(200).default(40),
  })
  .superRefine(checkLlmEnv);
export type DomUnderstandingConfig = z.infer<typeof domUnderstandingConfigSchema>;

export const loadDomUnderstandingConfig = (env: NodeJS.ProcessEnv = process.env): DomUnderstandingConfig =>
  parseConfig(domUnderstandingConfigSchema, env);
