import { BrowserCallTimeoutError, boundedCall } from '@forage/browser';
import { BrowserTimeoutError } from '../errors.js';

/**
 * @forage/browser's hard limit on one browser call, with its timeout as this service's typed
 * BrowserTimeoutError (a retryable `upstream_failed` reply; the page it ran on is discarded).
 */
export async function bounded<T>(input: {
  call: Promise<T>;
  ms: number;
  what: string;
  dispose?: (late: T) => unknown;
}): Promise<T> {
  try {
    return await boundedCall(input);
  } catch (err) {
    if (err instanceof BrowserCallTimeoutError) throw new BrowserTimeoutError(err.message, { cause: err });
    throw err;
  }
}
