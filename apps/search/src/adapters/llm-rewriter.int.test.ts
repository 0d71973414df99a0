import { LlmClient } from '@forage/llm';
import { createLogger } from '@forage/observability';
import { SERVER_ERROR, startFakeOpenAi, type FakeOpenAi, type FakeReply } from '@forage/testing';
import { parseQuery } from '../core/query/parse-query.js';
import { llmRewriter } from './llm-rewriter.js';

describe('the LLM query rewriter against an OpenAI-compatible endpoint', () => {
  let fake: FakeOpenAi;
  let rewrite: ReturnType<typeof llmRewriter>;
  const parsed = parseQuery('could you please find me hotels in Orlando for the family site:example.com', {
    today: new Date(),
  });

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    const client = new LlmClient({
      baseURL: fake.baseURL,
      model: 'fake-model',
      timeoutMs: 5_000,
      maxRetries: 0,
    });
    rewrite = llmRewriter(client, createLogger({ service: 'search-test', level: 'silent' }));
  });

  afterAll(async () => {
    await fake.stop();
  });

  it('uses a valid rewrite, keeping the site: filter, and sends the query as data', async () => {
    fake.script({ kind: 'completion', content: '{"query": "family hotels Orlando"}' });
    expect(await rewrite(parsed)).toBe('family hotels Orlando site:example.com');
    const sent = fake.requests.at(-1)!;
    expect(sent.model).toBe('fake-model');
    expect(sent.response_format).toEqual({ type: 'json_object' });
    expect(JSON.parse(sent.messages[1]!.content)).toMatchObject({ kind: 'HotelListing', language: 'en' });
  });

  it('asks again once when the first reply is not the JSON asked for, and uses the second', async () => {
    const before = fake.requests.length;
    fake.script(
      { kind: 'completion', content: 'family hotels Orlando' },
      { kind: 'completion', content: '{"query": "family hotels Orlando"}' },
    );
    expect(await rewrite(parsed)).toBe('family hotels Orlando site:example.com');
    expect(fake.requests.length - before).toBe(2);
  });

  const notJson: FakeReply = { kind: 'completion', content: 'family hotels Orlando' };
  it.each<[string, FakeReply[]]>([
    ['an API error', [SERVER_ERROR]],
    ['a refusal', [{ kind: 'refusal', refusal: "I can't help with that." }]],
    ['malformed JSON twice', [notJson, notJson]],
    ['JSON without a query twice', [{ kind: 'completion', content: '{"q": "x"}' }]],
    ['an empty rewrite', [{ kind: 'completion', content: '{"query": "  "}' }]],
    [
      'a rewrite over 200 characters',
      [{ kind: 'completion', content: JSON.stringify({ query: 'hotel '.repeat(50) }) }],
    ],
    [
      'a rewrite in another language',
      [{ kind: 'completion', content: '{"query": "les hôtels pour la famille à Orlando avec une piscine"}' }],
    ],
  ])('falls back (null) on %s', async (_what, replies) => {
    fake.script(...replies);
    expect(await rewrite(parsed)).toBeNull();
  });
});
