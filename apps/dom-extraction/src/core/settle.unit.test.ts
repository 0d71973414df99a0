import {
  observeSettling,
  startSettling,
  type SettlePolicy,
  type SettleSample,
  type SettleVerdict,
} from './settle.js';

const policy: SettlePolicy = { quietMs: 300, maxMs: 2_000, pollMs: 100 };

/** Feeds samples in order and returns the verdict after each. */
function run(samples: SettleSample[]): SettleVerdict[] {
  let state = startSettling(0);
  return samples.map((sample) => {
    const step = observeSettling(state, sample, policy);
    state = step.state;
    return step.verdict;
  });
}

const at = (atMs: number, domSize: number, inflight = 0): SettleSample => ({ atMs, domSize, inflight });

describe('observeSettling', () => {
  it('settles once the DOM size held still for the quiet period', () => {
    expect(run([at(0, 100), at(100, 100), at(200, 100), at(300, 100)])).toEqual([
      'waiting',
      'waiting',
      'waiting',
      'settled',
    ]);
  });

  it('restarts the quiet period whenever the DOM changes', () => {
    expect(run([at(0, 100), at(100, 100), at(200, 150), at(300, 150), at(400, 150), at(500, 150)])).toEqual([
      'waiting',
      'waiting',
      'waiting',
      'waiting',
      'waiting',
      'settled',
    ]);
  });

  it('does not settle while requests are in flight, even if the DOM is still', () => {
    expect(run([at(0, 100, 1), at(200, 100, 1), at(400, 100, 1), at(500, 100, 0), at(800, 100, 0)])).toEqual([
      'waiting',
      'waiting',
      'waiting',
      'waiting',
      'settled',
    ]);
  });

  it('gives up after the maximum wait on a page that never stops changing', () => {
    const samples = Array.from({ length: 25 }, (_, i) => at(i * 100, i));
    const verdicts = run(samples);
    expect(verdicts.indexOf('gave_up')).toBe(20);
    expect(verdicts).not.toContain('settled');
  });

  it('prefers settled over gave_up when both hold at the same sample', () => {
    expect(run([at(0, 1), at(1_700, 2), at(2_000, 2)])).toEqual(['waiting', 'waiting', 'settled']);
  });
});
