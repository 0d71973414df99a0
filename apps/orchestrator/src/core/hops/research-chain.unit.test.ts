import { planHeuristically } from '../plan/heuristic-planner.js';
import { fakeRun, type FakeWeb } from '../testing/fake-web.js';
import { TEST_LIMITS } from '../testing/fixtures.js';
import { researchPlan } from './research-chain.js';

const W = 'http://wiki.test';

/** An invented world: Velmora's capital is Ostrel; Ostrel's population differs from Velmora's. */
const web: FakeWeb = {
  pages: {
    [`${W}/Velmora`]: {
      title: 'Velmora',
      lines: ['Capital: Ostrel', 'Population (2023 census): 3,400,000', 'Area (km²): 41,000'],
    },
    [`${W}/Ostrel`]: { title: 'Ostrel', lines: ['Country: Velmora', 'Population (2023 census): 612,004'] },
  },
  index: {
    'capital velmora': [`${W}/Velmora`],
    'population ostrel': [`${W}/Ostrel`],
    'population velmora': [`${W}/Velmora`],
  },
};

const ask = (question: string, options: { verified?: boolean } = {}) => {
  const fake = fakeRun(web, options);
  const result = researchPlan(fake.acts, {
    plan: planHeuristically({ question }),
    limits: TEST_LIMITS,
    sufficientConfidence: 0.6,
    resultsPerSearch: 5,
  });
  return { fake, result };
};

describe('a nested question runs hop by hop', () => {
  it('asks the second hop about the first hop’s value and releases only the last hop’s value', async () => {
    const { fake, result } = ask('What is the population of the capital of Velmora?');
    const r = await result;
    expect(r.outcome).toBe('answered');
    expect(r.answer?.text).toBe('612,004');
    expect(r.answer?.text).not.toContain('3,400,000');
    expect(fake.queries).toEqual(['capital Velmora', 'population Ostrel']);
  });

  it('verifies the whole chain at once: each hop a claim, the first hop’s value the last hop’s subject', async () => {
    const { fake, result } = ask("What is the population of Velmora's capital?");
    await result;
    const last = fake.verified.at(-1) ?? [];
    expect(last.map((c) => [c.text, c.hop, c.subject?.asked])).toEqual([
      ['Ostrel', { chain: 'chain-1', index: 1, of: 2 }, 'Velmora'],
      ['612,004', { chain: 'chain-1', index: 2, of: 2 }, 'Ostrel'],
    ]);
  });

  it('stops at a hop that is not verified: nothing is released and the reason names the hop', async () => {
    const { fake, result } = ask('What is the population of the capital of Velmora?', { verified: false });
    const r = await result;
    expect(r.answer).toBeNull();
    expect(r.outcome).not.toBe('answered');
    expect(r.failures.map((f) => f.reason).join(' ')).toContain('hop 1 of 2');
    expect(fake.queries).not.toContain('population Ostrel');
  });

  it('runs a question that is not nested as one plan', async () => {
    const { fake, result } = ask('What is the population of Velmora?');
    const r = await result;
    expect(r.answer?.text).toBe('3,400,000');
    expect(fake.verified).toHaveLength(1);
  });
});
