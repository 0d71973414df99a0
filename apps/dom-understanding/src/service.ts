import { startService, type RunningService } from '@forage/messaging';
import { DomUnderstandingModule } from './app.module.js';
import type { DomUnderstandingConfig } from './config.js';

/** Starts the dom-understanding service (also used by integration tests). */
export function startDomUnderstandingService(config: DomUnderstandingConfig): Promise<RunningService> {
  return startService({
    service: 'dom-understanding',
    module: DomUnderstandingModule.register(config),
    natsUrl: config.NATS_URL,
    ops: { host: config.OPS_HOST, port: config.OPS_PORT },
    logLevel: config.LOG_LEVEL,
    streamReplicas: config.NATS_STREAM_REPLICAS,
    tool: 'dom-understanding',
  });
}
