import { createLogger } from '@forage/observability';
import { parseQuery } from '../core/query/parse-query.js';
import { FakeOpenAi } from '../testing/fake-openai.js';
import { llmRewriter } from './llm-rewriter.js';

describe('the LLM query rewriter against an OpenAI-compatible endpoint', () => {
  let fake: FakeOpenAi;
  let rewrite: ReturnType<typeof llmRewriter>;
  const parsed = parseQuery('could you please find me hotels in Orlando for the family site:example.com', {
    today: new Date(),
  });

  beforeAll(async () => {
    fake = await new FakeOpenAi().start();
    rewrite = llmRewriter({
      baseURL: fake.baseURL,
      model: 'fake-model',
      timeoutMs: 5_000,
      logger: createLogger({ service: 'search-test', level: 'silent' }),
    });
  });

  afterAll(async () => {
    await fake.stop();
  });

  it('uses a valid rewrite, keeping the site: filter, and sends the query as data', async () => {
    fake.script({ kind: 'completion', content: '{"query": "family hotels Orlando"}' });
    expect(await rewrite(parsed)).toBe('family hotels Orlando site:example.com');
    const sent = fake.requests.at(-1)!;
    expect(sent.model).toBe('fake-model');
    expect(JSON.parse(sent.messages[1]!.content)).toMatchObject({ kind: 'HotelListing', language: 'en' });
  });

  it.each([
    ['an API error', { kind: 'error', status: 500 } as const],
    ['malformed JSON', { kind: 'completion', content: 'family hotels Orlando' } as const],
    ['JSON without a query', { kind: 'completion', content: '{"q": "x"}' } as const],
    ['an empty rewrite', { kind: 'completion', content: '{"query": "  "}' } as const],
    [
      'a rewrite over 200 characters',
      { kind: 'completion', content: JSON.stringify({ query: 'hotel '.repeat(50) }) } as const,
    ],
    [
      'a rewrite in another language',
      {
        kind: 'completion',
        content: '{"query": "les hôtels pour la famille à Orlando avec une piscine"}',
      } as const,
    ],
  ])('falls back (null) on %s', async (_what, reply) => {
    fake.script(reply);
    expect(await rewrite(parsed)).toBeNull();
  });
});
