import { startService, type RunningService } from '@forage/messaging';
import { OrchestratorModule } from './app.module.js';
import type { OrchestratorConfig } from './config.js';

/** Starts the orchestrator (also used by integration tests). */
export function startOrchestratorService(config: OrchestratorConfig): Promise<RunningService> {
  return startService({
    service: 'orchestrator',
    module: OrchestratorModule.register(config),
    natsUrl: config.NATS_URL,
    ops: { host: config.OPS_HOST, port: config.OPS_PORT },
    logLevel: config.LOG_LEVEL,
    streamReplicas: config.NATS_STREAM_REPLICAS,
  });
}
