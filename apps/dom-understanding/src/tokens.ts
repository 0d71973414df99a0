/** DI token for the parsed dom-understanding configuration. */
export const DOM_UNDERSTANDING_CONFIG = Symbol('dom-understanding.config');

/** DI token for the LLM client (`LlmClient`), or null when no endpoint is configured. */
export const LLM_CLIENT = Symbol('dom-understanding.llm');
