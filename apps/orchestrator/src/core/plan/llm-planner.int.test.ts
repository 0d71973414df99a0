import { randomUUID } from 'node:crypto';
import { LlmClient, LlmUsageMeter } from '@forage/llm';
import { startFakeOpenAi, type FakeOpenAi } from '@forage/testing';
import { planWithLlm } from './llm-planner.js';

describe('the LLM planner over an OpenAI-compatible endpoint', () => {
  let api: FakeOpenAi;
  let llm: LlmClient;
  const meter = new LlmUsageMeter();

  beforeAll(async () => {
    api = await startFakeOpenAi();
    llm = new LlmClient({
      baseURL: api.baseURL,
      model: 'planner-test',
      timeoutMs: 2_000,
      maxRetries: 0,
      meter,
    });
  });
  afterAll(() => api.stop());

  const comparison = JSON.stringify({
    kind: 'multi',
    parts: [
      { question: 'What is the population of Sobrica?', entity: 'Sobrica', query: 'Sobrica population' },
      { question: 'What is the population of Qora?', entity: 'Qora', query: 'Qora population' },
    ],
    combine: 'max',
  });

  it('takes a valid plan from the model, its parts and comparison, and accounts its tokens to the run', async () => {
    api.script({ kind: 'completion', content: comparison });
    const runId = randomUUID();
    const { plan, fallback } = await planWithLlm({
      llm,
      runId,
      question: 'Which has more people, Sobrica or Qora?',
    });
    expect(fallback).toBeUndefined();
    expect(plan).toMatchObject({ kind: 'multi', source: 'llm', combine: { kind: 'compare', pick: 'max' } });
    expect(plan.parts.map((p) => [p.entity, p.attribute, p.query])).toEqual([
      ['Sobrica', 'population', 'Sobrica population'],
      ['Qora', 'population', 'Qora population'],
    ]);
    expect(meter.get(runId).calls).toBe(1);
    expect(api.requests.at(-1)?.messages.at(-1)?.content).toContain('Which has more people');
  });

  it('asks again once after malformed JSON and uses the second reply', async () => {
    api.script(
      { kind: 'completion', content: '{"kind": "multi", "parts": [' },
      { kind: 'completion', content: comparison },
    );
    const before = api.requests.length;
    const { plan, fallback } = await planWithLlm({
      llm,
      runId: randomUUID(),
      question: 'Which has more people, Sobrica or Qora?',
    });
    expect(fallback).toBeUndefined();
    expect(plan.source).toBe('llm');
    expect(api.requests.length - before).toBe(2);
  });

  it('falls back to the heuristic plan after a second invalid reply, a refusal or a timeout', async () => {
    const question = 'Which has more people, Sobrica or Qora?';
    api.script(
      { kind: 'completion', content: '{"kind": "poem"}' },
      { kind: 'completion', content: 'not json' },
    );
    const invalid = await planWithLlm({ llm, runId: randomUUID(), question });
    expect(invalid.plan.source).toBe('heuristic');
    expect(invalid.plan.kind).toBe('multi');
    expect(invalid.fallback).toMatch(/LlmInvalidReplyError/);

    api.script({ kind: 'refusal', refusal: 'I cannot help with that.' });
    expect((await planWithLlm({ llm, runId: randomUUID(), question })).fallback).toMatch(/LlmRefusalError/);

    api.script({ kind: 'hang', ms: 5_000 });
    expect((await planWithLlm({ llm, runId: randomUUID(), question })).fallback).toMatch(
      /LlmUnavailableError/,
    );
  }, 20_000);

  it('never takes a task value the request does not contain, and keeps the user URLs', async () => {
    api.script({
      kind: 'completion',
      content: JSON.stringify({
        kind: 'task',
        parts: [{ question: 'send the form' }],
        task: {
          verb: 'send',
          fields: [
            { label: 'message', value: 'Hello there' },
            { label: 'email', value: 'invented@example.org' },
          ],
          submit: true,
        },
      }),
    });
    const { plan } = await planWithLlm({
      llm,
      runId: randomUUID(),
      question: 'Send the contact form on http://shop.test/contact with message "Hello there"',
    });
    expect(plan.kind).toBe('task');
    expect(plan.task?.fields).toEqual([{ label: 'message', value: 'Hello there' }]);
    expect(plan.startUrls).toEqual(['http://shop.test/contact']);
    expect(plan.task?.submit).toBe(true);
  });
});
