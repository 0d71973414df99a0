import { z } from 'zod';
import { baseEnvSchema, parseConfig, portSchema } from '@forage/config';
import { evidenceEnvSchema } from '@forage/evidence';
import { checkLlmEnv, llmEnvShape } from '@forage/llm';

export const orchestratorConfigSchema = baseEnvSchema
  .extend(evidenceEnvSchema.shape)
  .extend(llmEnvShape)
  .extend({
    OPS_PORT: portSchema.default(7802),
    ORCH_SEARCH_LIMIT: z.coerce.number().int().min(1).max(50).default(5),
    /** An answer at least this confident answers a part. */
    ORCH_SUFFICIENT_CONFIDENCE: z.coerce.number().min(0).max(1).default(0.6),
    ORCH_MIN_CONFIDENCE: z.coerce.number().min(0).max(1).default(0.35),
    ORCH_EXTRACT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(30_000),
    ORCH_RUN_STATE_TTL_HOURS: z.coerce
      .number()
      .min(1)
      .max(24 * 30)
      .default(24 * 7),
    /** How long a conversation's turns are kept after its last run (a later run continues it until then). */
    ORCH_THREAD_TTL_DAYS: z.coerce.number().min(1).max(365).default(30),
    /** Navigator decisions one run may take. */
    ORCH_MAX_STEPS: z.coerce.number().int().min(1).max(500).default(60),
    /** Searches one run may run (the first query and the ones feedback asks for). */
    ORCH_MAX_SEARCHES: z.coerce.number().int().min(1).max(50).default(6),
    /** Pages one run may read at most, whatever the request asks (its maxPages counts per part). */
    ORCH_MAX_PAGES: z.coerce.number().int().min(1).max(100).default(24),
    /** Pages read on one site during exploration (the hyperlink explorer's default is 5). */
    ORCH_PAGES_PER_SITE: z.coerce.number().int().min(1).max(50).default(5),
    /** A run stops (and says so) once its LLM and paid-search spend passes this many US dollars; unset: no limit. */
    ORCH_MAX_COST_USD: z.coerce.number().min(0).max(1_000).optional(),
    /** Every run ends by this deadline with a clear reason, so no client waits forever. */
    ORCH_RUN_DEADLINE_MS: z.coerce.number().int().min(5_000).max(3_600_000).default(240_000),
    /** How long a request waits, retrying, for a service with no responders (restarting, scaling). */
    ORCH_NO_RESPONDERS_WAIT_MS: z.coerce.number().int().min(0).max(300_000).default(20_000),
    /** How long a run in needs_input waits for the user's answers before going on without them (not counted in the deadline). */
    ORCH_INPUT_WAIT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(300_000),
    /** How long the memory bank keeps a detail the user gave (a secret at most one day). */
    ORCH_MEMORY_TTL_HOURS: z.coerce
      .number()
      .min(0.001)
      .max(24 * 365)
      .default(24 * 30),
  })
  .superRefine(checkLlmEnv);
export type OrchestratorConfig = z.infer<typeof orchestratorConfigSchema>;

export const loadOrchestratorConfig = (env: NodeJS.ProcessEnv = process.env): OrchestratorConfig =>
  parseConfig(orchestratorConfigSchema, env);
