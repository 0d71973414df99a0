/** DI token for the parsed dom-understanding configuration. */
export const DOM_UNDERSTANDING_CONFIG = Symbol('dom-understanding.config');
