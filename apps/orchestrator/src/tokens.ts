/** DI token for the parsed orchestrator configuration. */
export const ORCHESTRATOR_CONFIG = Symbol('orchestrator.config');

/** DI token for the LLM client (null when no endpoint is configured: the heuristic path). */
export const LLM_CLIENT = Symbol('orchestrator.llm');

/** DI token for the per-run LLM usage meter. */
export const LLM_METER = Symbol('orchestrator.llm-meter');
