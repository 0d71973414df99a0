import { Inject, Injectable, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import type { LoggingConfig } from '../config.js';
import { LOG_REPOSITORY, LOGGING_CONFIG } from '../tokens.js';
import type { LogRepository } from './log-repository.js';
import { PgliteLogRepository } from './pglite-log-repository.js';

/** Closes the database after the transport has drained, so no in-flight write is cut off. */
@Injectable()
export class RepositoryShutdown implements OnApplicationShutdown {
  constructor(@Inject(LOG_REPOSITORY) private readonly repository: LogRepository) {}

  async onApplicationShutdown(): Promise<void> {
    await this.repository.close();
  }
}

export const repositoryProviders: Provider[] = [
  {
    provide: LOG_REPOSITORY,
    inject: [LOGGING_CONFIG],
    useFactory: (config: LoggingConfig): Promise<LogRepository> =>
      PgliteLogRepository.open(config.LOGGING_DATA_DIR),
  },
  RepositoryShutdown,
];
