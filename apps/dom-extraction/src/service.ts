import { startService, type RunningService } from '@forage/messaging';
import { DomExtractionModule } from './app.module.js';
import type { DomExtractionConfig } from './config.js';
import { BrowserPool } from './adapters/browser-pool.js';

/** Starts the dom-extraction service (also used by integration tests); `stop()` closes Chromium. */
export function startDomExtractionService(config: DomExtractionConfig): Promise<RunningService> {
  return startService({
    service: 'dom-extraction',
    module: DomExtractionModule.register(config),
    natsUrl: config.NATS_URL,
    ops: { host: config.OPS_HOST, port: config.OPS_PORT },
    logLevel: config.LOG_LEVEL,
    tool: 'dom-extraction',
    // without it this service ensured every stream with 1 replica at boot, scaling a cluster's R3 streams down
    streamReplicas: config.NATS_STREAM_REPLICAS,
    health: (app) => () => Promise.resolve({ browser: app.get(BrowserPool).health() }),
  });
}
