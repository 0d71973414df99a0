/**
 * @forage/app-logging: what tooling outside the app may use (benchmarks): starting the service
 * in-process, opening its repository directly, and the chain's audit.
 */
export { startLoggingService } from './service.js';
export { loadLoggingConfig, type LoggingConfig } from './config.js';
export { openLogRepository } from './adapters/repository.providers.js';
export type { LogRepository } from './adapters/log-repository.js';
export { auditChain } from './core/audit.js';
