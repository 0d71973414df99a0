import { z } from 'zod';
import { AllowlistEntryError, parseAllowlist, parseDenylist } from './policy.js';
import { parseResolveOverrides } from './resolver.js';

/** Environment of every service whose requests leave the machine through the egress guard. */
export const egressEnvSchema = z.object({
  /** Origins or host[:port] allowed although they are internal (the sandbox web uses this). */
  EGRESS_ALLOWLIST: z
    .string()
    .default('')
    .transform((text, ctx) => {
      try {
        return parseAllowlist(text);
      } catch (err) {
        ctx.addIssue({
          code: 'custom',
          message: err instanceof AllowlistEntryError ? err.message : String(err),
        });
        return z.NEVER;
      }
    }),
  /** Domains never fetched, with their subdomains. */
  EGRESS_DENYLIST: z.string().default('').transform(parseDenylist),
  /** Pinned name=address pairs, answered instead of DNS (still judged by the policy). */
  EGRESS_RESOLVE: z
    .string()
    .default('')
    .transform((text, ctx) => {
      try {
        return parseResolveOverrides(text);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : String(err) });
        return z.NEVER;
      }
    }),
});
export type EgressEnv = z.infer<typeof egressEnvSchema>;
