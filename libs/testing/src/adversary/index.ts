export * from './attack.js';
export * from './run.js';
export { ATTACKS } from './attacks/index.js';
export { unboundedStores } from './storage-quotas.js';
