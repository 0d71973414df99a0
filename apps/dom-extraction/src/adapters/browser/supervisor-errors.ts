import {
  BrowserUnavailable,
  SlotWaitTimeoutError,
  type BrowserLease,
  type BrowserSupervisor,
  type ReleaseSlot,
  type WaitingSlots,
} from '@forage/browser';
import { BrowserBusyError, BrowserUnavailableError } from '../../errors.js';

/** A browser from the supervisor; its BrowserUnavailable becomes this service's typed, retryable error. */
export async function leaseBrowser(
  supervisor: BrowserSupervisor,
  chromiumPath: string,
): Promise<BrowserLease> {
  try {
    return await supervisor.lease();
  } catch (err) {
    if (!(err instanceof BrowserUnavailable)) throw err;
    const load = supervisor.load();
    throw new BrowserUnavailableError(
      load.state === 'closed'
        ? 'the browser pool is shutting down'
        : `could not launch Chromium at ${chromiumPath}: ${load.error ?? err.message}`,
      { cause: err },
    );
  }
}

/** A page slot, waiting at most `waitMs`; the lib's SlotWaitTimeoutError becomes BrowserBusyError (retryable). */
export async function pageSlot(slots: WaitingSlots, waitMs: number): Promise<ReleaseSlot> {
  try {
    return await slots.acquire(waitMs);
  } catch (err) {
    if (!(err instanceof SlotWaitTimeoutError)) throw err;
    throw new BrowserBusyError(`all ${slots.capacity} browser pages stayed busy for ${waitMs} ms`, {
      cause: err,
    });
  }
}
