import type { PageAction } from '@forage/contracts';
import { ActKeys } from './act-keys.js';

const RUN = '4f1c2a9e-0c6b-4d8a-9a57-2b7f3f0e9d11';
const submit: PageAction[] = [
  { type: 'fill', target: { role: 'textbox', name: 'Name' }, value: 'Ada' },
  { type: 'click', target: { role: 'button', name: 'Send' } },
];

describe('action idempotency keys across attempts of a run', () => {
  it('gives a resumed attempt the keys the crashed attempt used for the same step', () => {
    const first = new ActKeys(RUN).forStep('https://a.example/contact', submit);
    const resumed = new ActKeys(RUN).forStep('https://a.example/contact', submit);
    expect([0, 1, 2].map(resumed)).toEqual([0, 1, 2].map(first));
  });

  it('keys each action of a step apart, and another step, page or run apart', () => {
    const keys = new ActKeys(RUN);
    const step = keys.forStep('https://a.example/contact', submit);
    const otherPage = keys.forStep('https://a.example/other', submit);
    const otherActions = keys.forStep('https://a.example/contact', submit.slice(0, 1));
    const otherRun = new ActKeys('0b6f7c1e-9a2d-4e3b-8c5f-1d2e3f4a5b6c').forStep(
      'https://a.example/contact',
      submit,
    );
    const all = [step(0), step(1), step(2), otherPage(1), otherActions(1), otherRun(1)];
    expect(new Set(all).size).toBe(all.length);
    for (const key of all) expect(key.length).toBeLessThanOrEqual(200);
  });

  it('a step done again in the same attempt gets new keys (it is performed again)', () => {
    const keys = new ActKeys(RUN);
    const once = keys.forStep('https://a.example/contact', submit);
    const twice = keys.forStep('https://a.example/contact', submit);
    expect(twice(2)).not.toBe(once(2));
  });
});
