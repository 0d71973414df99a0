import { startService, type RunningService } from '@forage/messaging';
import { VerifierModule } from './app.module.js';
import type { VerifierConfig } from './config.js';

/** Starts the verifier service (also used by integration tests). */
export function startVerifierService(config: VerifierConfig): Promise<RunningService> {
  return startService({
    service: 'verifier',
    module: VerifierModule.register(config),
    natsUrl: config.NATS_URL,
    ops: { host: config.OPS_HOST, port: config.OPS_PORT },
    logLevel: config.LOG_LEVEL,
    streamReplicas: config.NATS_STREAM_REPLICAS,
    tool: 'verifier',
  });
}
