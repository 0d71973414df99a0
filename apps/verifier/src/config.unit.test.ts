import { llmOptionsFrom } from '@forage/llm';
import { loadVerifierConfig } from './config.js';

const base = { NATS_URL: 'nats://127.0.0.1:4222', FORAGE_EVIDENCE_KEY: 'ab'.repeat(32) };

describe('verifier config: the entailment model', () => {
  it('has no model unless an endpoint and a model are set; an empty variable is unset', () => {
    expect(llmOptionsFrom(loadVerifierConfig(base))).toBeNull();
    expect(llmOptionsFrom(loadVerifierConfig({ ...base, LLM_BASE_URL: '', LLM_MODEL: '' }))).toBeNull();
    expect(
      llmOptionsFrom(
        loadVerifierConfig({ ...base, LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'm' }),
      ),
    ).toMatchObject({ baseURL: 'http://127.0.0.1:11434/v1', model: 'm' });
  });

  it('refuses an endpoint without a model', () => {
    expect(() => loadVerifierConfig({ ...base, LLM_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      /LLM_MODEL/,
    );
  });
});
