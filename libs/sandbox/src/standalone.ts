/** The standalone sandbox process's contract: environment in, one ready line out. */
import { parseConfig, portSchema } from '@forage/config';
import { z } from 'zod';
import type { SandboxOptions, SandboxSite } from './server.js';

export const sandboxEnvSchema = z.object({
  SANDBOX_HOST: z.string().default('127.0.0.1'),
  SANDBOX_WIKI_PORT: portSchema.default(0),
  SANDBOX_HOTELS_PORT: portSchema.default(0),
  SANDBOX_SHOP_PORT: portSchema.default(0),
  SANDBOX_SEED: z.coerce.number().int().optional(),
});

/** Parses the environment once; a bad port stops the process with a ConfigError naming it. */
export function sandboxOptionsFromEnv(env: NodeJS.ProcessEnv): SandboxOptions {
  const parsed = parseConfig(sandboxEnvSchema, env);
  return {
    host: parsed.SANDBOX_HOST,
    seed: parsed.SANDBOX_SEED,
    ports: {
      wiki: parsed.SANDBOX_WIKI_PORT,
      hotels: parsed.SANDBOX_HOTELS_PORT,
      shop: parsed.SANDBOX_SHOP_PORT,
    },
  };
}

export interface SandboxReadyEvent {
  readonly event: 'sandbox.ready';
  readonly sites: readonly SandboxSite[];
}

/** The single JSON line `forage up` waits for on the child's stdout. */
export function sandboxReadyLine(sites: readonly SandboxSite[]): string {
  const event: SandboxReadyEvent = { event: 'sandbox.ready', sites };
  return `${JSON.stringify(event)}\n`;
}
