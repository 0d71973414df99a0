/** @forage/llm: the one LLM client (OpenAI-compatible endpoints), its settings, errors and usage accounting. */
export * from './client.js';
export * from './config.js';
export * from './errors.js';
export * from './usage.js';
