import { z } from 'zod';
import { baseEnvSchema, parseConfig, portSchema } from '@forage/config';
import { evidenceEnvSchema, VerdictSigner } from '@forage/evidence';

export const verifierConfigSchema = baseEnvSchema.extend(evidenceEnvSchema.shape).extend({
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
});
export type VerifierConfig = z.infer<typeof verifierConfigSchema>;

export const loadVerifierConfig = (env: NodeJS.ProcessEnv = process.env): VerifierConfig =>
  parseConfig(verifierConfigSchema, env);

function signingKeyParses(key: string): boolean {
  try {
    new VerdictSigner(key);
    return true;
  } catch {
    return false;
  }
}
