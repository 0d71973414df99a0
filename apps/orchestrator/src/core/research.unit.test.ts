import { research } from './research.js';
import type { RunLimits } from './loop/navigator.js';
import { planHeuristically } from './plan/heuristic-planner.js';
import { fakeRun, type FakeWeb } from './testing/fake-web.js';
import { TEST_LIMITS } from './testing/fixtures.js';

const W = 'http://wiki.test';
const limits = TEST_LIMITS;

const run = (
  web: FakeWeb,
  question: string,
  options: { limits?: Partial<RunLimits>; urls?: string[] } = {},
) => {
  const fake = fakeRun(web);
  const result = research(fake.acts, {
    plan: planHeuristically({ question, ...(options.urls ? { urls: options.urls } : {}) }),
    limits: { ...limits, ...options.limits },
    sufficientConfidence: 0.6,
    resultsPerSearch: 5,
  });
  return { fake, result };
};

const decisions = (fake: ReturnType<typeof fakeRun>): string[] =>
  fake.steps
    .filter((s) => s.step === 'plan' && /^[A-Z_]+ /.test(s.detail))
    .map((s) => s.detail.split(' ')[0] ?? '');

const country = (name: string, population: string, area: string) => ({
  title: name,
  lines: [`Capital: ${name}ville`, `Population (2023 census): ${population}`, `Area (km²): ${area}`],
});

describe('research loop', () => {
  it('answers a fact asked in other words through the page label, and cites it', async () => {
    const web: FakeWeb = {
      pages: { [`${W}/Qora`]: country('Qora', '1,200', '18,166') },
      index: { 'big qora square kilometres': [`${W}/Qora`] },
    };
    const { fake, result } = run(web, 'How big is Qora in square kilometres?');
    const r = await result;
    expect(r.outcome).toBe('answered');
    expect(r.answer?.text).toBe('18,166');
    expect(r.answer?.citations[0]?.url).toBe(`${W}/Qora`);
    expect(fake.asked).toEqual([]);
    expect(fake.steps.map((s) => s.detail)).toContainEqual(
      expect.stringContaining('under the page\'s label "Area (km²)"'),
    );
  });

  it('lets feedback about the missing part shape the next query', async () => {
    const web: FakeWeb = {
      pages: {
        [`${W}/Qora-tourism`]: { title: 'Visiting Qora', lines: ['Qora has beaches.'] },
        [`${W}/Qora`]: country('Qora', '1,200', '18,166'),
      },
      index: { 'population qora': [`${W}/Qora-tourism`], 'qora population': [`${W}/Qora`] },
    };
    const { fake, result } = run(web, 'What is the population of Qora?');
    const r = await result;
    expect(fake.queries).toEqual(['population Qora', 'Qora population']);
    expect(r.answer?.text).toBe('1,200');
    expect(fake.steps.some((s) => s.detail.includes('missing: population of Qora'))).toBe(true);
  });

  it('decomposes a comparison, answers each part on its own page and picks the larger', async () => {
    const web: FakeWeb = {
      pages: {
        [`${W}/Qora`]: country('Qora', '1,200', '10'),
        [`${W}/Kemonia`]: country('Kemonia', '3,400', '20'),
      },
      index: { 'population qora': [`${W}/Qora`], 'population kemonia': [`${W}/Kemonia`] },
    };
    const r = await run(web, 'Which has the larger population, Qora or Kemonia?').result;
    expect(r.outcome).toBe('answered');
    expect(r.answer?.text).toMatch(/^Kemonia \(population 3,400; Qora: 1,200\)$/);
    expect(r.answer?.citations.map((c) => c.url)).toEqual([`${W}/Kemonia`, `${W}/Qora`]);

    // asked as yes or no about one of them, the same comparison says which way it went
    const asked = await run(web, 'Is Qora more populous than Kemonia?').result;
    expect(asked.answer?.text).toMatch(/^No: Kemonia \(population 3,400; Qora: 1,200\)$/);
    const other = await run(web, 'Is Kemonia more populous than Qora?').result;
    expect(other.answer?.text).toMatch(/^Yes: Kemonia \(population 3,400; Qora: 1,200\)$/);
  });

  it('never visits a URL twice, even when several searches return it', async () => {
    const web: FakeWeb = {
      pages: { [`${W}/Qora`]: { title: 'Qora', lines: ['Nothing useful here.'] } },
      index: { 'population qora': [`${W}/Qora`, `${W}/Qora#top`], 'qora population': [`${W}/Qora`] },
    };
    const { fake, result } = run(web, 'What is the population of Qora?');
    const r = await result;
    expect(r.outcome).toBe('no_answer');
    expect(fake.calls.filter((c) => c.startsWith('extract'))).toEqual([`extract ${W}/Qora`]);
  });

  it('stops at the page limit', async () => {
    const pages: FakeWeb['pages'] = {};
    for (let i = 0; i < 6; i++) pages[`${W}/p${String(i)}`] = { title: `P${String(i)}`, lines: ['filler'] };
    const web: FakeWeb = { pages, index: { 'population qora': Object.keys(pages) } };
    const { fake, result } = run(web, 'What is the population of Qora?', { limits: { maxPages: 2 } });
    const r = await result;
    expect(fake.calls.filter((c) => c.startsWith('extract'))).toHaveLength(2);
    expect(r.metrics.stoppedBy).toBe('page_limit');
  });

  it('stops at the wall-time limit', async () => {
    const web: FakeWeb = {
      pages: { [`${W}/a`]: { title: 'A', lines: ['x'] } },
      index: { 'population qora': [`${W}/a`] },
    };
    const fake = fakeRun(web, { msPerCall: 1_000 });
    const r = await research(fake.acts, {
      plan: planHeuristically({ question: 'What is the population of Qora?' }),
      limits: { ...limits, maxWallMs: 1_500 },
      sufficientConfidence: 0.6,
      resultsPerSearch: 5,
    });
    expect(r.metrics.stoppedBy).toBe('time_limit');
    expect(fake.calls.filter((c) => c.startsWith('extract'))).toHaveLength(1);
  });

  it('ends the run with the refusal when a page the user named is refused by the egress guard', async () => {
    const refusal =
      '127.0.0.1:8080 is a loopback address, not allowed; allow its origin with forage up --allow';
    const web: FakeWeb = {
      pages: {
        [`${W}/mine`]: { title: 'Mine', lines: [], refused: refusal },
        [`${W}/Qora`]: country('Qora', '1,200', '10'),
      },
      index: { 'qora population': [`${W}/Qora`] },
    };
    const { fake, result } = run(web, 'What is the population of Qora?', { urls: [`${W}/mine`] });
    await expect(result).rejects.toThrow(refusal);
    await expect(result).rejects.toMatchObject({ name: 'UserPageRefusedError' });
    expect(fake.queries).toEqual([]);
  });

  it("reads the user's pages first and explores from there without a search", async () => {
    const web: FakeWeb = {
      pages: {
        [`${W}/Countries`]: {
          title: 'Countries',
          lines: ['All countries'],
          links: [
            { href: '/Qora', text: 'Qora' },
            { href: '/Other', text: 'Other' },
          ],
        },
        [`${W}/Qora`]: country('Qora', '1,200', '10'),
        [`${W}/Other`]: { title: 'Other', lines: ['x'] },
      },
      index: {},
    };
    const { fake, result } = run(web, 'What is the population of Qora?', { urls: [`${W}/Countries`] });
    const r = await result;
    expect(r.answer?.text).toBe('1,200');
    expect(fake.queries).toEqual([]);
    expect(fake.calls.filter((c) => c.startsWith('extract'))).toEqual([
      `extract ${W}/Countries`,
      `extract ${W}/Qora`,
    ]);
  });

  it('holds a question about the page given to it and its own links: no search, no second hop, reasons when unanswered', async () => {
    const web: FakeWeb = {
      pages: {
        [`${W}/tent`]: {
          title: 'Ridge tent',
          lines: ['Weight: 2.1 kg'],
          links: [
            { href: '/care', text: 'Tent care' },
            { href: 'http://shop.test/tent', text: 'Tent elsewhere' },
          ],
        },
        [`${W}/care`]: {
          title: 'Tent care',
          lines: ['Dry the tent'],
          links: [{ href: '/deeper', text: 'Tent deeper' }],
        },
        [`${W}/deeper`]: { title: 'Deeper', lines: ['Guarantee: 5 years'] },
        'http://shop.test/tent': { title: 'Ridge tent', lines: ['Guarantee: 2 years'] },
      },
      index: {
        'guarantee tent': ['http://shop.test/tent'],
        'guarantee this tent': ['http://shop.test/tent'],
      },
    };
    const { fake, result } = run(web, 'What is the guarantee of this tent?', { urls: [`${W}/tent`] });
    const r = await result;
    expect(r.outcome).toBe('no_answer');
    expect(fake.queries).toEqual([]);
    expect(fake.calls.filter((c) => c.startsWith('extract'))).toEqual([
      `extract ${W}/tent`,
      `extract ${W}/care`,
    ]);
    const reasons = r.failures.map((f) => f.reason).join('\n');
    expect(reasons).toContain(`read ${W}/tent — read (HTTP 200); ${W}/care — read (HTTP 200)`);
    expect(reasons).toContain('no answer on the pages read');
    expect(reasons).toContain(`not searched elsewhere: the question is about the page given (${W}/tent)`);
  });

  it('searches beyond the page given when the question asks to', async () => {
    const web: FakeWeb = {
      pages: {
        [`${W}/tent`]: { title: 'Ridge tent', lines: ['Weight: 2.1 kg'] },
        'http://shop.test/tent': { title: 'Ridge tent', lines: ['Guarantee: 2 years'] },
      },
      index: { 'guarantee ridge tent other shops': ['http://shop.test/tent'] },
    };
    const { fake, result } = run(web, 'What is the guarantee of the Ridge tent in other shops?', {
      urls: [`${W}/tent`],
    });
    await result;
    expect(fake.queries.length).toBeGreaterThan(0);
  });

  it('asks for the page when the question is about "this page" and none is given, and searches nothing', async () => {
    const { fake, result } = run({ pages: {}, index: {} }, 'What is the price of this product?');
    const r = await result;
    expect(r.outcome).toBe('no_answer');
    expect(fake.queries).toEqual([]);
    expect(r.failures.map((f) => f.reason)).toContainEqual(
      'not searched elsewhere: the question is about "this product" but names no page (give it with --url)',
    );
  });

  it('opens a collapsed disclosure (by aria-expanded, not by its words) when the answer is hidden, once', async () => {
    const web: FakeWeb = {
      pages: {
        [`${W}/Qora`]: { title: 'Qora', lines: ['Capital: Q'], hidden: ['Inflation (annual %): 3.1'] },
      },
      index: { 'inflation rate qora': [`${W}/Qora`] },
    };
    const { fake, result } = run(web, 'What is the inflation rate of Qora?');
    const r = await result;
    expect(r.answer?.text).toBe('3.1');
    expect(fake.acted).toEqual([
      [{ type: 'click', target: { xpath: '/html[1]/body[1]/main[1]/div[1]/button[1]' } }],
    ]);
    expect(decisions(fake).filter((d) => d === 'ACT')).toHaveLength(1);
  });

  it('backtracks (GO_BACK) from a page that added nothing to the queue it came from', async () => {
    const web: FakeWeb = {
      pages: {
        [`${W}/hub`]: {
          title: 'Hotels hub',
          lines: ['Hotels by city'],
          links: [
            { href: '/deadend', text: 'Besby hotels list' },
            { href: '/good', text: 'Hotels in Besby' },
          ],
        },
        [`${W}/deadend`]: {
          title: 'Dead end',
          lines: ['Nothing'],
          links: [{ href: '/deeper', text: 'Besby hotels archive' }],
        },
        [`${W}/deeper`]: { title: 'Deeper', lines: ['Nothing'] },
        [`${W}/good`]: { title: 'Good', lines: ['Nothing either'] },
      },
      index: {},
    };
    const r = run(web, 'List hotels in Besby with free parking', { urls: [`${W}/hub`] });
    await r.result;
    const visits = r.fake.calls
      .filter((c) => c.startsWith('extract'))
      .map((c) => c.slice(`extract ${W}`.length));
    expect(decisions(r.fake)).toContain('GO_BACK');
    // the dead end's own link was dropped; exploration went back to the hub's other link
    expect(visits).toEqual(['/hub', '/deadend', '/good']);
  });
});

describe('listing requests', () => {
  const H = 'http://hotels.test';
  const card = (name: string, price: number, parking: boolean) => [
    `# ${name}`,
    `$${String(price)} per night · ${parking ? 'Free parking' : 'No free parking'}`,
  ];
  it('follows the link that names the list asked for before ranking, and ranks the fuller list', async () => {
    const web: FakeWeb = {
      pages: {
        [`${H}/hotels/a`]: {
          title: 'Hotel A',
          lines: [
            'Hotel A costs $150 per night.',
            ...card('Hotel B', 120, true),
            ...card('Hotel D', 130, true),
          ],
          links: [
            { href: '/hotels/b', text: 'Hotel B' },
            { href: '/search?city=besby', text: 'All hotels in Besby' },
          ],
        },
        [`${H}/search?city=besby`]: {
          title: 'Hotels in Besby',
          lines: [...card('Hotel A', 150, true), ...card('Hotel C', 90, false)],
        },
      },
      index: { 'cheapest hotel besby': [`${H}/hotels/a`] },
    };
    const { fake, result } = run(web, 'What is the cheapest hotel in Besby?');
    const r = await result;
    expect(r.answer?.text).toMatch(/^1\. Hotel C — \$90/);
    expect(fake.calls.filter((c) => c.startsWith('extract'))).toEqual([
      `extract ${H}/hotels/a`,
      `extract ${H}/search?city=besby`,
    ]);
  });
});
