/** DI token for the parsed verifier configuration. */
export const VERIFIER_CONFIG = Symbol('verifier.config');
/** The verdict signer (VerdictSigner), or null when no signing key is configured. */
export const VERDICT_SIGNER = Symbol('verifier.signer');
