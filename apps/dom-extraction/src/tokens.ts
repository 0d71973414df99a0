/** DI token for the parsed dom-extraction configuration. */
export const DOM_EXTRACTION_CONFIG = Symbol('dom-extraction.config');
