/**
 * What a process that runs nats-server for a stack needs (start it, write its users and
 * permissions), without Nest and the rest of the transport: `forage up`'s supervisor imports
 * this entry (`@forage/messaging/stack`) and stays small.
 */
export * from './nats-server.js';
export * from './parent-death.js';
export * from './ports.js';
export * from './security/index.js';
export * from './provision.js';
export { storageScaleFor } from './storage-limits.js';
