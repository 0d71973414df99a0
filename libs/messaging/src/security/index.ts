export * from './topology.js';
export * from './permissions.js';
export * from './server-config.js';
export * from './credentials.js';
export * from './client-options.js';
export * from './local-server.js';
