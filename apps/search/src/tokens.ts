/** DI token for the parsed search configuration. */
export const SEARCH_CONFIG = Symbol('search.config');
