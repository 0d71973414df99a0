/** @forage/evidence: encrypted, content-addressed evidence store shared by all services. */
export * from './crypto.js';
export * from './store.js';
export * from './retention.js';
export * from './module.js';
export * from './canonical-json.js';
export * from './digest.js';
export * from './chunk-sets.js';
export * from './verdict-signature.js';
