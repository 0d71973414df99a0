/** DI token for the parsed logging configuration. */
export const LOGGING_CONFIG = Symbol('logging.config');

/** DI token for the LogRepository (the database adapter). */
export const LOG_REPOSITORY = Symbol('logging.repository');

/** DI token for the ChainAnchor (chain head and verified checkpoint, outside the database). */
export const CHAIN_ANCHOR = Symbol('logging.chainAnchor');
