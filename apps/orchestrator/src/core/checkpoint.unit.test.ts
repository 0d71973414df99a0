import { research } from './research.js';
import { fakeRun } from './testing/fake-web.js';
import { comparison } from './testing/fixtures.js';

const { web, input, wiki: W } = comparison;

describe('step checkpoints', () => {
  it('a run resumed from its checkpoint continues: nothing searched or read again, the answer kept', async () => {
    const first = fakeRun(web);
    const whole = await research(first.acts, input);
    expect(whole.outcome).toBe('answered');
    // one after every step but the last (TERMINATE)
    expect(first.checkpoints.length).toBe(whole.metrics.steps - 1);
    // the crash comes right after the first part was answered
    const saved = first.checkpoints.find((c) => c.answers.length === 1);
    if (!saved) throw new Error('no checkpoint with one answer');

    const resumed = fakeRun(web);
    const r = await research(resumed.acts, { ...input, resume: saved });
    expect(r.outcome).toBe('answered');
    expect(r.answer?.text).toBe(whole.answer?.text);
    expect(resumed.queries.map((q) => q.toLowerCase())).toEqual(['population kemonia']);
    expect(resumed.calls.filter((c) => c.startsWith('extract'))).toEqual([`extract ${W}/Kemonia`]);
    expect(r.metrics.steps).toBeGreaterThan(saved.steps);
    expect(r.metrics.pages).toBe(2);
    expect(resumed.steps.map((s) => s.detail)).toContainEqual(
      expect.stringMatching(/^resumed after step \d+/),
    );
  });
});
