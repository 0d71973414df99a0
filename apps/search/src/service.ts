import { startService, type RunningService } from '@forage/messaging';
import { SearchModule } from './app.module.js';
import type { SearchConfig } from './config.js';
import { LocalIndex } from './adapters/local-index.js';

/** Starts the search service (also used by integration tests). */
export function startSearchService(config: SearchConfig): Promise<RunningService> {
  return startService({
    service: 'search',
    module: SearchModule.register(config),
    natsUrl: config.NATS_URL,
    ops: { host: config.OPS_HOST, port: config.OPS_PORT },
    logLevel: config.LOG_LEVEL,
    streamReplicas: config.NATS_STREAM_REPLICAS,
    tool: 'search',
    health: (app) => () => Promise.resolve({ index: app.get(LocalIndex).health() }),
  });
}
