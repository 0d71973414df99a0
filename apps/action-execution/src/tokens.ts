/** DI token for the parsed action-execution configuration. */
export const ACTION_CONFIG = Symbol('action-execution.config');
/** DI token for the per-session serial queue shared by every action. */
export const SESSION_QUEUE = Symbol('action-execution.sessionQueue');
