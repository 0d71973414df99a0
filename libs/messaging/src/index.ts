/** @forage/messaging: Nest over NATS with validated contracts, typed errors and durable consumers. */
export * from './errors.js';
export * from './codec.js';
export * from './bus.js';
export * from './decorators.js';
export * from './streams.js';
export * from './jetstream.js';
export * from './consumers.js';
export * from './stores.js';
export * from './storage-limits.js';
export * from './provision.js';
export * from './settle.js';
export { BatchOutcomeError, type BatchOutcome } from './durable-batch-consumer.js';
export * from './transport.js';
export * from './module.js';
export * from './bootstrap.js';
export * from './nats-server.js';
export * from './connection-health.js';
export * from './tool-recorder.js';
export {
  AttemptCounter,
  AttemptCountError,
  TOOL_ATTEMPTS_BUCKET,
  attemptKey,
  type ActionIdentity,
} from './attempt-counter.js';
export * from './nest-logger.js';
export * from './security/index.js';
