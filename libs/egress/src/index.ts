/** @forage/egress: the egress policy (addresses, schemes, allow/deny lists) and the proxy that enforces it. */
export * from './ip-address.js';
export * from './policy.js';
export * from './resolver.js';
export * from './proxy.js';
export * from './env.js';
export * from './allowed-origin.js';
export * from './guarded-fetch.js';
export * from './robots.js';
export * from './robots-policy.js';
export * from './robots-cache.js';
