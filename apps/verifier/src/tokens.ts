/** DI token for the parsed verifier configuration. */
export const VERIFIER_CONFIG = Symbol('verifier.config');
