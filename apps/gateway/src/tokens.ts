/** DI token for the parsed gateway configuration. */
export const GATEWAY_CONFIG = Symbol('gateway.config');
