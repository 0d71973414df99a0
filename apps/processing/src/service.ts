import { startService, type RunningService } from '@forage/messaging';
import { ProcessingModule } from './app.module.js';
import type { ProcessingConfig } from './config.js';

/** Starts the processing service (also used by integration tests). */
export function startProcessingService(config: ProcessingConfig): Promise<RunningService> {
  return startService({
    service: 'processing',
    module: ProcessingModule.register(config),
    natsUrl: config.NATS_URL,
    ops: { host: config.OPS_HOST, port: config.OPS_PORT },
    logLevel: config.LOG_LEVEL,
    streamReplicas: config.NATS_STREAM_REPLICAS,
    tool: 'processing',
  });
}
