/** DI token for the parsed verifier configuration. */
export const VERIFIER_CONFIG = Symbol('verifier.config');

/** DI token for the entailment reader on the configured model, or null without one. */
export const ENTAILMENT_READER = Symbol('verifier.entailment-reader');
/** The verdict signer (VerdictSigner), or null when no signing key is configured. */
export const VERDICT_SIGNER = Symbol('verifier.signer');
