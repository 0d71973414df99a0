import { sandboxDecision } from './sandbox-policy.js';

describe('sandboxDecision', () => {
  it('searches the demo corpus only when nothing else is live, on auto', () => {
    expect(sandboxDecision({ mode: 'auto', userDocuments: 0, webProviders: [] }).searched).toBe(true);
    expect(sandboxDecision({ mode: 'auto', userDocuments: 3, webProviders: [] })).toEqual({
      searched: false,
      why: 'your index has 3 documents (sandbox: always to search it too)',
    });
    expect(sandboxDecision({ mode: 'auto', userDocuments: 0, webProviders: ['brave'] })).toEqual({
      searched: false,
      why: 'web provider brave configured (sandbox: always to search it too)',
    });
  });

  it('follows the setting when it is given', () => {
    expect(sandboxDecision({ mode: 'always', userDocuments: 3, webProviders: ['brave'] }).searched).toBe(
      true,
    );
    expect(sandboxDecision({ mode: 'never', userDocuments: 0, webProviders: [] }).searched).toBe(false);
  });
});
