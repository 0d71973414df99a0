import { z } from 'zod';
import { baseEnvSchema, parseConfig, portSchema } from '@forage/config';
import { evidenceEnvSchema, VerdictSigner } from '@forage/evidence';
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
    /**
     * The Ed25519 private key (base64 DER, pkcs8) the verifier signs each recorded verdict with; only
     * the verifier holds it (`forage up` makes one per data directory). Without it verdicts are
     * unsigned, and a gateway or logging that has the public key refuses them.
     */
    VERIFIER_SIGNING_KEY: z
      .string()
      .trim()
      .min(1)
      .optional()
      .refine(
        (key) => key === undefined || signingKeyParses(key),
        'not a base64 DER (pkcs8) Ed25519 private key',
      ),
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

function signingKeyParses(key: string): boolean {
  try {
    new VerdictSigner(key);
    return true;
  } catch {
    return false;
  }
}
