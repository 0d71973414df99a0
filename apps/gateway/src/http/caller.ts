import type { IncomingMessage } from 'node:http';

/** Who sent a request: the API key's id when the gateway requires keys, else anyone (null). */
export type Caller = { readonly keyId: string } | { readonly keyId: null };

const callers = new WeakMap<IncomingMessage, Caller>();

/** Set once by the request guard after it checked the key. */
export function setCaller(req: IncomingMessage, caller: Caller): void {
  callers.set(req, caller);
}

/** The caller the guard recorded; anyone when the guard did not check keys. */
export function callerOf(req: IncomingMessage): Caller {
  return callers.get(req) ?? { keyId: null };
}
