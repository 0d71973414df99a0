/** @forage/secrets: task secrets sealed at rest in the task-memory KV bucket, bound to their run. */
export * from './crypto.js';
export * from './errors.js';
export * from './store.js';
