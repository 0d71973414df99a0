/**
 * When a loaded page has finished rendering, pure: after the load event, scripts may still fetch
 * data and change the DOM. The page is settled once the DOM size has not changed and no request
 * has been in flight for `quietMs`; it is captured anyway after `maxMs`. This is the fallback for
 * pages without the in-page settle tracker (adapters/in-page/settle-tracker.ts), which knows more
 * (pending timers and fetches, every mutation) and so needs a shorter quiet period.
 */

export interface SettlePolicy {
  readonly quietMs: number;
  readonly maxMs: number;
  readonly pollMs: number;
}

export const DEFAULT_SETTLE: SettlePolicy = { quietMs: 100, maxMs: 2_000, pollMs: 50 };

/** One look at the page: when, how big its DOM was, how many requests were open. */
export interface SettleSample {
  readonly atMs: number;
  readonly domSize: number;
  readonly inflight: number;
}

export interface SettleState {
  readonly startedAtMs: number;
  readonly lastChangeAtMs: number;
  readonly lastDomSize: number | null;
}

export type SettleVerdict = 'settled' | 'waiting' | 'gave_up';

export function startSettling(atMs: number): SettleState {
  return { startedAtMs: atMs, lastChangeAtMs: atMs, lastDomSize: null };
}

/** Folds one sample into the state and says whether to capture now. */
export function observeSettling(
  state: SettleState,
  sample: SettleSample,
  policy: SettlePolicy = DEFAULT_SETTLE,
): { state: SettleState; verdict: SettleVerdict } {
  const changed = sample.domSize !== state.lastDomSize || sample.inflight > 0;
  const next: SettleState = {
    startedAtMs: state.startedAtMs,
    lastChangeAtMs: changed ? sample.atMs : state.lastChangeAtMs,
    lastDomSize: sample.domSize,
  };
  if (!changed && sample.atMs - next.lastChangeAtMs >= policy.quietMs)
    return { state: next, verdict: 'settled' };
  if (sample.atMs - state.startedAtMs >= policy.maxMs) return { state: next, verdict: 'gave_up' };
  return { state: next, verdict: 'waiting' };
}
