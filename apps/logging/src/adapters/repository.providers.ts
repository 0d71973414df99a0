import { Inject, Injectable, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import type { LoggingConfig } from '../config.js';
import { LOG_REPOSITORY, LOGGING_CONFIG } from '../tokens.js';
import type { LogRepository } from './log-repository.js';
import { PgLogRepository } from './pg-log-repository.js';
import { PgliteLogRepository } from './pglite-log-repository.js';

/** Closes the database after the transport has drained, so no in-flight write is cut off. */
@Injectable()
export class RepositoryShutdown implements OnApplicationShutdown {
  constructor(@Inject(LOG_REPOSITORY) private readonly repository: LogRepository) {}

  async onApplicationShutdown(): Promise<void> {
    await this.repository.close();
  }
}

/** A PostgreSQL server when DATABASE_URL is set (shared by replicas), else PGlite in LOGGING_DATA_DIR. */
export function openLogRepository(config: LoggingConfig): Promise<LogRepository> {
  return config.DATABASE_URL
    ? PgLogRepository.open(config.DATABASE_URL)
    : PgliteLogRepository.open(config.LOGGING_DATA_DIR);
}

export const repositoryProviders: Provider[] = [
  { provide: LOG_REPOSITORY, inject: [LOGGING_CONFIG], useFactory: openLogRepository },
  RepositoryShutdown,
];
