import { research } from './research.js';
import { checkpointOf, restoreCheckpoint, type Checkpoint } from './loop/checkpoint.js';
import { RunState } from './loop/run-state.js';
import { fakeRun } from './testing/fake-web.js';
import { comparison, TEST_LIMITS } from './testing/fixtures.js';

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

  it('keeps where exploration stood: the link queues, the current site, pagination and page actions', () => {
    const state = new RunState(TEST_LIMITS);
    const site = state.frontierFor('http://h.test');
    site.offer({
      links: [
        { url: 'http://h.test/economy', text: 'GDP of Kemonia', context: '', next: false, chrome: false },
      ],
      from: 'http://h.test/',
      task: new Set(['gdp', 'kemonia']),
      visited: state.visited,
    });
    site.markRead();
    state.currentSite = 'http://h.test';
    state.pendingNext.add('http://h.test/list?page=2');
    state.pageActs = [
      {
        url: 'http://h.test/',
        purpose: 'disclose',
        actions: [{ type: 'click', target: { xpath: '/html[1]/body[1]/button[1]' } }],
        described: ['open "More"'],
        stateKey: 'abc',
      },
    ];
    const saved = JSON.parse(JSON.stringify(checkpointOf(state))) as Checkpoint;
    const resumed = new RunState(TEST_LIMITS);
    restoreCheckpoint(resumed, saved);
    expect(resumed.currentSite).toBe('http://h.test');
    expect(resumed.frontiers.get('http://h.test')?.best(resumed.visited)?.url).toBe('http://h.test/economy');
    expect(resumed.frontiers.get('http://h.test')?.read).toBe(1);
    expect([...resumed.pendingNext]).toEqual(['http://h.test/list?page=2']);
    expect(resumed.pageActs).toEqual(state.pageActs);
  });
});
