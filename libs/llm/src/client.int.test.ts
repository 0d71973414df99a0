import { z } from 'zod';
import { RATE_LIMITED, SERVER_ERROR, startFakeOpenAi, type FakeOpenAi } from '@forage/testing';
import { LlmClient } from './client.js';
import { LlmInvalidReplyError, LlmRefusalError, LlmUnavailableError } from './errors.js';
import { LlmUsageMeter } from './usage.js';

const Plan = z.object({ kind: z.enum(['fact', 'listing']), steps: z.array(z.string()).min(1) });
const PROMPT = { system: 'Reply with a plan as JSON.', user: 'hotels in Lisbon under 100 EUR' };

describe('LlmClient against a local OpenAI-compatible server', () => {
  let llm: FakeOpenAi;
  let meter: LlmUsageMeter;
  let client: LlmClient;

  beforeAll(async () => {
    llm = await startFakeOpenAi();
  });
  afterAll(async () => {
    await llm.stop();
  });
  beforeEach(() => {
    meter = new LlmUsageMeter();
    client = new LlmClient({
      baseURL: llm.baseURL,
      model: 'fake-model',
      timeoutMs: 1_000,
      maxRetries: 0,
      pricing: { inputPerMTok: 2.5, outputPerMTok: 10 },
      meter,
    });
  });

  it('parses a JSON reply with the schema, in JSON mode, and accounts tokens and cost to the run', async () => {
    llm.script({ kind: 'completion', content: '{"kind":"listing","steps":["search","visit"]}' });
    const reply = await client.json(PROMPT, Plan, { runId: 'run-1' });
    expect(reply.value).toEqual({ kind: 'listing', steps: ['search', 'visit'] });
    expect(reply.usage).toEqual({
      calls: 1,
      promptTokens: 812,
      completionTokens: 41,
      costUsd: (812 * 2.5 + 41 * 10) / 1e6,
    });
    expect(meter.get('run-1').calls).toBe(1);
    expect(meter.get('run-2').calls).toBe(0);
    const request = llm.requests.at(-1);
    expect(request?.response_format).toEqual({ type: 'json_object' });
    expect(request?.messages.map((m) => m.role)).toEqual(['system', 'user']);
  });

  it('asks again once when the reply is not JSON, naming the problem, then succeeds', async () => {
    const before = llm.requests.length;
    llm.script(
      { kind: 'completion', content: 'Sure! Here is the plan: search, then visit.' },
      { kind: 'completion', content: '```json\n{"kind":"fact","steps":["search"]}\n```' },
    );
    const reply = await client.json(PROMPT, Plan, { runId: 'r' });
    expect(reply.value.kind).toBe('fact');
    expect(reply.usage.calls).toBe(2);
    expect(llm.requests.length - before).toBe(2);
    expect(llm.requests.at(-1)?.messages[1]?.content).toContain('not valid JSON');
  });

  it('rejects with LlmInvalidReplyError after the retry when the JSON never fits the schema', async () => {
    llm.script({ kind: 'completion', content: '{"kind":"poem","steps":[]}' });
    const err = await client.json(PROMPT, Plan).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmInvalidReplyError);
    expect((err as LlmInvalidReplyError).content).toContain('poem');
  });

  it('turns a refusal into LlmRefusalError', async () => {
    llm.script({ kind: 'refusal', refusal: "I can't help with that." });
    await expect(client.text(PROMPT)).rejects.toBeInstanceOf(LlmRefusalError);
  });

  it.each([
    ['HTTP 429', RATE_LIMITED],
    ['HTTP 500', SERVER_ERROR],
    ['no reply before the timeout', { kind: 'hang', ms: 2_500 } as const],
  ])('turns %s into LlmUnavailableError', async (_label, reply) => {
    llm.script(reply);
    const err = await client.text(PROMPT).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmUnavailableError);
    expect((err as LlmUnavailableError).retryable).toBe(true);
  });
});
