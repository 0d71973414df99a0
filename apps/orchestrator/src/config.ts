import { z } from 'zod';
import { baseEnvSchema, parseConfig, portSchema } from '@forage/config';

export const orchestratorConfigSchema = baseEnvSchema.extend({
  OPS_PORT: portSchema.default(7802),
  ORCH_SEARCH_LIMIT: z.coerce.number().int().min(1).max(50).default(5),
  /** An answer at least this confident stops reading further pages. */
  ORCH_SUFFICIENT_CONFIDENCE: z.coerce.number().min(0).max(1).default(0.6),
  ORCH_MIN_CONFIDENCE: z.coerce.number().min(0).max(1).default(0.35),
  ORCH_EXTRACT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(30_000),
  ORCH_RUN_STATE_TTL_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(24 * 7),
});
export type OrchestratorConfig = z.infer<typeof orchestratorConfigSchema>;

export const loadOrchestratorConfig = (env: NodeJS.ProcessEnv = process.env): OrchestratorConfig =>
  parseConfig(orchestratorConfigSchema, env);
