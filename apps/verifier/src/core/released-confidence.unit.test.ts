import { aClaim } from '@forage/testing';
import { releasedConfidence } from './released-confidence.js';

const pass = (name: string) => ({ name, passed: true, detail: '' });

describe('released confidence: the answer score combined with the checks', () => {
  const claim = aClaim({ confidence: 0.6 });

  it('keeps the answer score for a claim only found as a string in its snippet', () => {
    expect(releasedConfidence(claim, [pass('answer_in_snippet'), pass('snippet_at_xpath')], true)).toBe(0.6);
  });

  it('takes away part of the remaining doubt for each reading check passed', () => {
    const bound = releasedConfidence(claim, [pass('subject'), pass('attribute'), pass('value')], true);
    expect(bound).toBeCloseTo(1 - 0.4 * 0.85 ** 3, 3);
    expect(bound).toBeGreaterThan(0.6);
    expect(bound).toBeLessThan(1);
  });

  it('releases a rejected claim with nothing', () => {
    expect(releasedConfidence(claim, [pass('subject')], false)).toBe(0);
  });
});
