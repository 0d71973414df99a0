import { z } from 'zod';
import { baseEnvSchema, parseConfig, portSchema } from '@forage/config';
import { evidenceEnvSchema } from '@forage/evidence';
import { checkLlmEnv, llmEnvShape } from '@forage/llm';

/** With LLM_BASE_URL and LLM_MODEL set, a model reads each verified claim in its evidence and may withhold it. */
export const verifierConfigSchema = baseEnvSchema
  .extend(evidenceEnvSchema.shape)
  .extend(llmEnvShape)
  .extend({
    OPS_PORT: portSchema.default(7809),
    /** How long to wait for a run's log records to be stored (logging is asynchronous). */
    VERIFY_TRACE_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
    /**
     * How long to keep asking while logging does not answer at all (restarting, say): longer than
     * VERIFY_TRACE_WAIT_MS and shorter than the orchestrator's 60 s wait for a verdict.
     */
    VERIFY_LOGGING_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(40_000),
  })
  .superRefine(checkLlmEnv);
export type VerifierConfig = z.infer<typeof verifierConfigSchema>;

/** An empty LLM variable is an unset one (`LLM_BASE_URL=` in a .env file turns the model off). */
export const loadVerifierConfig = (env: NodeJS.ProcessEnv = process.env): VerifierConfig =>
  parseConfig(
    verifierConfigSchema,
    Object.fromEntries(
      Object.entries(env).filter(([name, value]) => !(name.startsWith('LLM_') && value === '')),
    ),
  );
