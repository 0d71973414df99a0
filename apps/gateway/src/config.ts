import { z } from 'zod';
import { baseEnvSchema, parseConfig, portSchema } from '@forage/config';

export const gatewayConfigSchema = baseEnvSchema.extend({
  OPS_PORT: portSchema.default(7801),
  GATEWAY_HOST: z.string().default('127.0.0.1'),
  GATEWAY_PORT: portSchema.default(7700),
  GATEWAY_MAX_RUNS: z.coerce.number().int().min(10).max(1_000_000).default(10_000),
  GATEWAY_DEFAULT_MAX_PAGES: z.coerce.number().int().min(1).max(20).default(3),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env): GatewayConfig =>
  parseConfig(gatewayConfigSchema, env);
