/** DI token for the parsed orchestrator configuration. */
export const ORCHESTRATOR_CONFIG = Symbol('orchestrator.config');
