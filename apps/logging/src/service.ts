import { startService, type RunningService } from '@forage/messaging';
import { LoggingModule } from './app.module.js';
import type { LoggingConfig } from './config.js';
import type { LogRepository } from './adapters/log-repository.js';
import { LOG_REPOSITORY } from './tokens.js';

/** Starts the logging service (also used by integration tests). */
export function startLoggingService(config: LoggingConfig): Promise<RunningService> {
  return startService({
    service: 'logging',
    module: LoggingModule.register(config),
    natsUrl: config.NATS_URL,
    ops: { host: config.OPS_HOST, port: config.OPS_PORT },
    logLevel: config.LOG_LEVEL,
    streamReplicas: config.NATS_STREAM_REPLICAS,
    health: (app) => {
      const repository = app.get<LogRepository>(LOG_REPOSITORY);
      return async () => ({ database: await repository.health() });
    },
  });
}
