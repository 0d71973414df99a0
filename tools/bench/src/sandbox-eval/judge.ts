import type { Expectation } from './tasks.js';

export interface RunView {
  readonly outcome: string;
  readonly text: string | null;
  readonly failures: readonly { claim: string; reason: string }[];
}

const digits = (s: string): string => s.replace(/(\d)[,\u202f\u00a0 ](?=\d{3}\b)/g, '$1');
const hasNumber = (text: string, value: number): boolean => {
  const wanted = String(value);
  return new RegExp(`(^|[^\\d.])${wanted.replace('.', '\\.')}(?![\\d]|\\.\\d)`).test(digits(text));
};

/** Did the run answer as the sandbox's ground truth says? Only released (verified) answers count. */
export function judge(expect: Expectation, run: RunView): boolean {
  if (expect.type === 'needs_input')
    return run.outcome !== 'answered' && run.failures.some((f) => /needs input/i.test(f.reason));
  if (run.outcome !== 'answered' || !run.text) return false;
  const text = run.text;
  const lower = text.toLowerCase();
  switch (expect.type) {
    case 'number':
      return hasNumber(text, expect.value);
    case 'text':
      return lower.includes(expect.value.toLowerCase());
    case 'winner':
      return lower.startsWith(expect.value.toLowerCase());
    case 'numbers':
      return expect.values.every((v) => hasNumber(text, v));
    case 'set': {
      const named = expect.names.filter((n) => lower.includes(n.toLowerCase())).length;
      const wrong = expect.others.filter((n) => lower.includes(n.toLowerCase())).length;
      const recall = expect.names.length === 0 ? 1 : named / expect.names.length;
      const precision = named + wrong === 0 ? (expect.names.length === 0 ? 1 : 0) : named / (named + wrong);
      return recall >= 0.8 && precision >= 0.8;
    }
  }
}
