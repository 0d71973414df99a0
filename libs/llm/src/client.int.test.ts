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

  describe('replies as OpenAI-compatible servers send them', () => {
    it('drops <think> blocks, and the reasoning before a lone </think>', async () => {
      llm.script(
        {
          kind: 'completion',
          content:
            '<think>The user wants a plan {"kind":"poem"}.</think>\n{"kind":"fact","steps":["search"]}',
        },
        {
          kind: 'completion',
          content: 'steps first, then {"kind":"poem"}…</think>{"kind":"listing","steps":["visit"]}',
        },
      );
      expect((await client.json(PROMPT, Plan)).value).toEqual({ kind: 'fact', steps: ['search'] });
      expect((await client.json(PROMPT, Plan)).value).toEqual({ kind: 'listing', steps: ['visit'] });
    });

    it.each(['reasoning_content', 'reasoning'] as const)(
      'reads the answer beside a separate %s field, never the reasoning',
      async (field) => {
        llm.script({
          kind: 'completion',
          content: '{"kind":"fact","steps":["search"]}',
          reasoning: { field, text: 'Maybe {"kind":"listing","steps":["x"]}? No.' },
        });
        expect((await client.json(PROMPT, Plan)).value.kind).toBe('fact');
      },
    );

    it('refuses a reply that holds reasoning only (the model ran out of tokens thinking)', async () => {
      llm.script({
        kind: 'completion',
        content: null,
        reasoning: { field: 'reasoning_content', text: 'Let me think about {"kind":"fact"}…' },
        finishReason: 'length',
      });
      const err = await client.text(PROMPT).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LlmUnavailableError);
      expect((err as Error).message).toMatch(/reasoning but no answer/);
    });

    it('reads an answer given as a tool call', async () => {
      llm.script({ kind: 'tool_call', name: 'reply', arguments: '{"kind":"listing","steps":["search"]}' });
      expect((await client.json(PROMPT, Plan)).value.kind).toBe('listing');
    });

    it('reads the JSON object out of prose when the server has no JSON mode', async () => {
      llm.script({
        kind: 'completion',
        content: 'Here you go: {"kind":"fact","steps":["a } b"]} Hope it helps.',
      });
      expect((await client.json(PROMPT, Plan, { responseFormat: 'none' })).value.steps).toEqual(['a } b']);
      expect(llm.requests.at(-1)?.response_format).toBeUndefined();
    });

    it('sends the schema as json_schema, and falls back to plain JSON prompting when the server rejects it', async () => {
      const api = await startFakeOpenAi();
      try {
        const strict = new LlmClient({
          baseURL: api.baseURL,
          model: 'fake-model',
          timeoutMs: 1_000,
          maxRetries: 0,
        });
        api.script({ kind: 'completion', content: '{"kind":"fact","steps":["search"]}' });
        await strict.json(PROMPT, Plan, { responseFormat: 'json_schema' });
        expect(api.requests[0]?.response_format?.type).toBe('json_schema');
        expect(JSON.stringify(api.requests[0]?.response_format?.json_schema?.schema)).toContain('listing');

        api.rejectResponseFormats(['json_schema', 'json_object']);
        const reply = await strict.json(PROMPT, Plan, { responseFormat: 'json_schema' });
        expect(reply.value.kind).toBe('fact');
        const [rejected, plain] = api.requests.slice(1);
        expect(rejected?.response_format?.type).toBe('json_schema');
        expect(plain?.response_format).toBeUndefined();
        expect(plain?.messages[0]?.content).toMatch(/one JSON object only/);
        // remembered: the next call goes plain at once
        await strict.json(PROMPT, Plan, { responseFormat: 'json_schema' });
        expect(api.requests).toHaveLength(4);
        expect(api.requests[3]?.response_format).toBeUndefined();
      } finally {
        await api.stop();
      }
    });
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
