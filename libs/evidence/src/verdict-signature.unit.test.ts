import {
  generateVerdictKeyPair,
  VerdictKeyError,
  VerdictSigner,
  VerdictVerifier,
} from './verdict-signature.js';

describe('verdict signatures (Ed25519)', () => {
  const keys = generateVerdictKeyPair();
  const verdict = { runId: '3f1c0a52-8b6e-4f0e-9d3a-2c7b5e4a1f00', released: true, claims: [], failures: [] };

  it('accepts a verdict signed with the private key, and nothing else', () => {
    const signature = new VerdictSigner(keys.privateKey).sign(verdict);
    const verifier = new VerdictVerifier(keys.publicKey);
    expect(verifier.problem(verdict, signature)).toBeUndefined();
    expect(verifier.problem({ ...verdict, released: false }, signature)).toMatch(/does not match/);
    expect(verifier.problem(verdict, undefined)).toBe('unsigned verdict');
    const other = new VerdictSigner(generateVerdictKeyPair().privateKey).sign(verdict);
    expect(verifier.problem(verdict, other)).toMatch(/does not match/);
  });

  it('refuses a key that is not Ed25519 DER', () => {
    expect(() => new VerdictVerifier('bm90IGEga2V5')).toThrow(VerdictKeyError);
    expect(() => new VerdictSigner(keys.publicKey)).toThrow(VerdictKeyError);
  });
});
