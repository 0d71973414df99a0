/** @forage/observability: handler metrics, JSON logs carrying run and trace ids, /metrics and /health. */
export * from './context.js';
export * from './logger.js';
export * from './metrics.js';
export * from './ops-server.js';
