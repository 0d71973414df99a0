import { ServiceUnavailableError } from '@forage/messaging';

/**
 * Runs a request, and while the service has no responders (restarting, not yet up) tries again
 * with growing pauses until `waitMs` has passed; any other error is thrown at once.
 */
export async function whenAvailable<T>(input: {
  request: () => Promise<T>;
  waitMs: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}): Promise<T> {
  const sleep = input.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = input.now ?? Date.now;
  const deadline = now() + input.waitMs;
  let pause = 100;
  for (;;) {
    try {
      return await input.request();
    } catch (err) {
      if (!(err instanceof ServiceUnavailableError) || now() + pause > deadline) throw err;
      await sleep(pause);
      pause = Math.min(pause * 2, 2_000);
    }
  }
}
