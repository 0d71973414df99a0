import { actKey, decide, type LoopView, type PageActPlan } from './navigator.js';

const base: LoopView = {
  limits: { maxPages: 5, maxSteps: 20, maxSearches: 3, maxWallMs: 10_000, maxPagesPerSite: 5 },
  elapsedMs: 0,
  steps: 0,
  pagesRead: 0,
  searches: 0,
  unaggregated: false,
  sufficient: false,
  startUrls: [],
  pageActs: [],
  resultUrls: [],
  visited: new Set(),
  actKeysTried: new Set(),
};
const view = (over: Partial<LoopView>): LoopView => ({ ...base, ...over });
const disclose: PageActPlan = {
  url: 'http://a.test/p',
  purpose: 'disclose',
  actions: [{ type: 'click', target: { xpath: '/html[1]/body[1]/button[1]' } }],
  described: ['open "More"'],
  stateKey: 'abc',
};

describe('navigator', () => {
  it('stops at the wall-time, step and page limits, whatever is left to do', () => {
    const busy = {
      resultUrls: ['http://a.test/1'],
      feedbackQuery: { query: 'q', missing: 'x', partId: 'part-1' },
    };
    expect(decide(view({ ...busy, elapsedMs: 10_000 }))).toMatchObject({
      action: 'TERMINATE',
      reason: 'time_limit',
    });
    expect(decide(view({ ...busy, steps: 20 }))).toMatchObject({ action: 'TERMINATE', reason: 'step_limit' });
    expect(decide(view({ ...busy, pagesRead: 5 }))).toMatchObject({
      action: 'TERMINATE',
      reason: 'page_limit',
    });
  });

  it('aggregates what was just read before anything else, and stops once sufficient', () => {
    expect(decide(view({ unaggregated: true, sufficient: true }))).toMatchObject({ action: 'AGGREGATE' });
    expect(decide(view({ sufficient: true, resultUrls: ['http://a.test/1'] }))).toMatchObject({
      action: 'TERMINATE',
      reason: 'sufficient',
    });
  });

  it("reads the user's pages first, then acts on the page, then backtracks, then follows links, then results", () => {
    const all = view({
      startUrls: ['http://a.test/mine'],
      pageActs: [disclose],
      deadBranch: 'http://a.test/dead',
      nextLink: { url: 'http://a.test/link', text: 'link', score: 2 },
      resultUrls: ['http://a.test/result'],
    });
    expect(decide(all)).toMatchObject({ action: 'VISIT', url: 'http://a.test/mine' });
    expect(decide({ ...all, startUrls: [] })).toMatchObject({ action: 'ACT' });
    expect(decide({ ...all, startUrls: [], pageActs: [] })).toMatchObject({
      action: 'GO_BACK',
      from: 'http://a.test/dead',
    });
    const noDead = { ...all, startUrls: [], pageActs: [] };
    delete (noDead as { deadBranch?: string }).deadBranch;
    expect(decide(noDead)).toMatchObject({ action: 'VISIT', url: 'http://a.test/link' });
  });

  it('detects a loop: the same actions on the same page state are not taken twice', () => {
    const tried = new Set([actKey(disclose)]);
    expect(decide(view({ pageActs: [disclose], actKeysTried: tried }))).toMatchObject({
      action: 'TERMINATE',
      reason: 'exhausted',
    });
    // the same actions on a changed page state are a new attempt
    expect(decide(view({ pageActs: [{ ...disclose, stateKey: 'def' }], actKeysTried: tried }))).toMatchObject(
      { action: 'ACT' },
    );
  });

  it('never visits a visited URL and searches what feedback says is missing, within the search budget', () => {
    const feedbackQuery = { query: 'Qora population', missing: 'population of Qora', partId: 'part-1' };
    const v = view({ resultUrls: ['http://a.test/1'], visited: new Set(['http://a.test/1']), feedbackQuery });
    expect(decide(v)).toMatchObject({
      action: 'SEARCH',
      query: 'Qora population',
      why: 'missing: population of Qora',
    });
    expect(decide({ ...v, searches: 3 })).toMatchObject({ action: 'TERMINATE', reason: 'exhausted' });
  });
});
