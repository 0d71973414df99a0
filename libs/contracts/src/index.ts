/** @forage/contracts: every subject of Forage, its schemas, and the shared error reply. */
export * from './define.js';
export * from './common.js';
export * from './errors.js';
export * from './log.js';
export * from './search.js';
export * from './dom.js';
export * from './action.js';
export * from './source.js';
export * from './derivation.js';
export * from './processing.js';
export * from './verify.js';
export * from './run.js';
export * from './http.js';
export * from './dead-letter.js';
export { allContracts, commandContracts, eventContracts } from './registry.js';
export * from './runs-history.js';
export * from './tools.js';
export * from './http-api.js';
