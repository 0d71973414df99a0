/** DI token for the parsed logging configuration. */
export const LOGGING_CONFIG = Symbol('logging.config');

/** DI token for the LogRepository (the database adapter). */
export const LOG_REPOSITORY = Symbol('logging.repository');
