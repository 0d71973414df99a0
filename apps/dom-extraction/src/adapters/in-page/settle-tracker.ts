/**
 * Runs in the page (serialised by Playwright, so self-contained: no imports, no outer names).
 *
 * `installSettleTracker` is an init script: before the page's own scripts it starts counting what
 * can still change the DOM after the load event: fetch/XHR calls in flight, short one-shot timers
 * (≤ 1 s, at most 3 timers deep, so a polling loop does not count), and DOM mutations (children and
 * text, not attributes: animations rewrite styles forever). `waitForQuiet` then resolves as soon as
 * nothing is pending and the DOM has been still for `quietMs`, instead of sleeping a fixed time.
 */

export interface SettleTrackerState {
  readonly pendingTimers: number;
  readonly pendingRequests: number;
  readonly lastActivityAt: number;
}

interface SettleTracker {
  state(): SettleTrackerState;
  later(fn: () => void, ms: number): void;
}

export type InPageSettleVerdict = 'settled' | 'gave_up' | 'no_tracker';

export function installSettleTracker(): void {
  const KEY = '__forageSettleTracker';
  const MAX_TIMER_MS = 1_000;
  const MAX_TIMER_DEPTH = 3;
  const host = window as unknown as Record<string, unknown>;
  if (host[KEY]) return;
  const now = (): number => performance.now();
  const originalSetTimeout = window.setTimeout.bind(window);
  const originalClearTimeout = window.clearTimeout.bind(window);
  const pendingTimers = new Set<number>();
  let pendingRequests = 0;
  let lastActivityAt = now();
  let depth = 0;
  const touch = (): void => {
    lastActivityAt = now();
  };

  const patchedSetTimeout = function (handler: TimerHandler, timeout?: number, ...args: unknown[]): number {
    const delay = Number(timeout) || 0;
    const myDepth = depth + 1;
    if (typeof handler !== 'function' || delay > MAX_TIMER_MS || myDepth > MAX_TIMER_DEPTH) {
      return originalSetTimeout(handler, timeout, ...args);
    }
    const fn = handler as (...a: unknown[]) => unknown;
    const id: number = originalSetTimeout(() => {
      pendingTimers.delete(id);
      const outer = depth;
      depth = myDepth;
      try {
        fn(...args);
      } finally {
        depth = outer;
        touch();
      }
    }, delay);
    pendingTimers.add(id);
    return id;
  };
  window.setTimeout = patchedSetTimeout as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) pendingTimers.delete(id);
    originalClearTimeout(id);
  }) as typeof window.clearTimeout;

  const originalFetch = window.fetch.bind(window);
  window.fetch = (...args: Parameters<typeof fetch>) => {
    pendingRequests++;
    return originalFetch(...args).finally(() => {
      pendingRequests--;
      touch();
    });
  };

  type Send = (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) => void;
  const originalSend = Object.getOwnPropertyDescriptor(XMLHttpRequest.prototype, 'send')?.value as Send;
  XMLHttpRequest.prototype.send = function (
    this: XMLHttpRequest,
    body?: Document | XMLHttpRequestBodyInit | null,
  ) {
    pendingRequests++;
    this.addEventListener(
      'loadend',
      () => {
        pendingRequests--;
        touch();
      },
      { once: true },
    );
    originalSend.call(this, body);
  };

  new MutationObserver(touch).observe(document, { childList: true, subtree: true, characterData: true });

  const tracker: SettleTracker = {
    state: () => ({ pendingTimers: pendingTimers.size, pendingRequests, lastActivityAt }),
    later: (fn, ms) => {
      originalSetTimeout(fn, ms);
    },
  };
  Object.defineProperty(window, KEY, { value: tracker, enumerable: false });
}

export function waitForQuiet(input: { quietMs: number; maxMs: number }): Promise<InPageSettleVerdict> {
  const tracker = (window as unknown as Record<string, SettleTracker | undefined>)['__forageSettleTracker'];
  if (!tracker) return Promise.resolve('no_tracker');
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const check = (): void => {
      const at = performance.now();
      const state = tracker.state();
      const quietFor = at - state.lastActivityAt;
      if (state.pendingTimers === 0 && state.pendingRequests === 0 && quietFor >= input.quietMs) {
        resolve('settled');
      } else if (at - startedAt >= input.maxMs) {
        resolve('gave_up');
      } else {
        const idle = state.pendingTimers === 0 && state.pendingRequests === 0;
        tracker.later(check, idle ? Math.max(5, input.quietMs - quietFor) : 20);
      }
    };
    check();
  });
}
