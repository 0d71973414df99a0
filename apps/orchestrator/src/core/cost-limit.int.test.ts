import { randomUUID } from 'node:crypto';
import { LlmClient, LlmUsageMeter } from '@forage/llm';
import { startFakeOpenAi, type FakeOpenAi } from '@forage/testing';
import { planWithLlm } from './plan/llm-planner.js';
import { research } from './research.js';
import { fakeRun, type FakeWeb } from './testing/fake-web.js';

const W = 'http://wiki.test';
const web: FakeWeb = {
  pages: {
    [`${W}/Qora`]: { title: 'Qora', lines: ['Capital: Qoraville', 'Population (2023 census): 1,200'] },
  },
  index: { 'qora population': [`${W}/Qora`] },
};
const limits = { maxPages: 5, maxSteps: 30, maxSearches: 3, maxWallMs: 60_000, maxPagesPerSite: 5 };

/**
 * ORCH_MAX_COST_USD over a real OpenAI-compatible endpoint: the LLM planner's call is priced from
 * the usage the endpoint reports (812 prompt + 41 completion tokens per call), and the loop stops,
 * saying why, once the run's spend passes the limit.
 */
describe('the run cost limit', () => {
  let api: FakeOpenAi;
  const meter = new LlmUsageMeter();
  let llm: LlmClient;

  beforeAll(async () => {
    api = await startFakeOpenAi();
    llm = new LlmClient({
      baseURL: api.baseURL,
      model: 'cost-test',
      timeoutMs: 5_000,
      maxRetries: 0,
      meter,
      // $10 / $30 per million tokens: one call costs 812 * 10e-6 + 41 * 30e-6 = $0.00935
      pricing: { inputPerMTok: 10, outputPerMTok: 30 },
    });
  });
  afterAll(() => api.stop());

  const plannedRun = async (maxCostUsd: number) => {
    api.script({
      kind: 'completion',
      content: JSON.stringify({
        kind: 'fact',
        parts: [{ question: 'What is the population of Qora?', entity: 'Qora', query: 'Qora population' }],
        combine: 'single',
      }),
    });
    const runId = randomUUID();
    const { plan } = await planWithLlm({ llm, runId, question: 'What is the population of Qora?' });
    const fake = fakeRun(web);
    const result = await research(fake.acts, {
      plan,
      limits,
      sufficientConfidence: 0.6,
      resultsPerSearch: 5,
      maxCostUsd,
      spentElsewhereUsd: () => meter.get(runId).costUsd,
    });
    return { fake, result, spent: meter.get(runId).costUsd };
  };

  it('stops the run with the reason once the LLM cost passes ORCH_MAX_COST_USD', async () => {
    const { fake, result, spent } = await plannedRun(0.005);
    expect(spent).toBeCloseTo(0.00935, 6);
    expect(result.metrics.stoppedBy).toBe('cost_limit');
    expect(result.metrics.searches).toBe(0);
    expect(fake.queries).toEqual([]);
    expect(result.outcome).toBe('no_answer');
    expect(result.failures[0]?.reason).toMatch(
      /^cost limit: the run spent \$0\.0094 .* over ORCH_MAX_COST_USD \$0\.0050$/,
    );
    expect(fake.steps.map((s) => s.detail)).toContainEqual(expect.stringContaining('TERMINATE (cost_limit)'));
  });

  it('runs to its answer under a limit the spend stays within', async () => {
    const { result } = await plannedRun(1);
    expect(result.metrics.stoppedBy).toBe('sufficient');
    expect(result.answer?.text).toBe('1,200');
  });
});
