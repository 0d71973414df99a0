import { canonicalJson, NotCanonicalJsonError } from './canonical-json.js';

describe('canonicalJson', () => {
  it('sorts object keys at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[{"y":2,"z":1}]},"b":1}',
    );
  });

  it('spells two objects with the same content but different key order the same', () => {
    const one = { run_id: 'r', status: 'success', output: { data: { b: true, a: null } } };
    const two = { output: { data: { a: null, b: true } }, status: 'success', run_id: 'r' };
    expect(canonicalJson(one)).toBe(canonicalJson(two));
  });

  it('keeps array order, which carries meaning', () => {
    expect(canonicalJson([3, 1, 2])).toBe('[3,1,2]');
  });

  it('drops undefined members like JSON.stringify does', () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });

  it('escapes strings exactly as JSON does', () => {
    expect(canonicalJson({ 'k"ey': 'line\nbreak é' })).toBe('{"k\\"ey":"line\\nbreak é"}');
  });

  it('refuses values JSON cannot hold instead of silently turning them into null', () => {
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(NotCanonicalJsonError);
    expect(() => canonicalJson({ big: 1n })).toThrow(/\$\.big is a bigint/);
  });

  it('spells every string as JSON.stringify does (the fast path for plain ASCII must agree)', () => {
    const strings = [
      '',
      'plain words 123 ~!@#$%^&*()_+{}|:<>?[];,./`',
      'quote " and backslash \\',
      'tab\tnul\u0000del\u007f',
      'unicode é ü 漢字 😀',
      'lone \ud800 surrogate',
      'line\u2028separator',
    ];
    for (const text of strings) {
      expect(canonicalJson(text)).toBe(JSON.stringify(text));
      expect(canonicalJson({ [text]: text })).toBe(`{${JSON.stringify(text)}:${JSON.stringify(text)}}`);
    }
  });

  it('sorts keys by UTF-16 code units, integer-like keys included', () => {
    expect(canonicalJson({ b: 1, 10: 2, 9: 3, A: 4, é: 5 })).toBe('{"10":2,"9":3,"A":4,"b":1,"é":5}');
  });
});
