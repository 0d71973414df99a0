/** @forage/testing: real infrastructure for tests (nats-server, temp dirs) and contract builders. */
export * from './nats.js';
export * from './builders.js';
export * from './tmp.js';
export * from './egress-probes.js';
export * from './postgres.js';
export * from './probe-site.js';
export * from './fake-openai.js';
export * from './crawl-site.js';
export * from './adversary/index.js';
