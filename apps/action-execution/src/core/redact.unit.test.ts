import { redactSecrets, secretPlaceholder } from './redact.js';

const secret = { handle: 'card', value: 'P@ss w0rd&<"x">' };

describe('redactSecrets', () => {
  it.each([
    ['raw', `value: ${secret.value}`],
    ['HTML attribute', '<input value="P@ss w0rd&amp;&lt;&quot;x&quot;&gt;">'],
    ['HTML text', '<output>P@ss w0rd&amp;&lt;"x"&gt;</output>'],
    ['percent-encoded', `/search?q=${encodeURIComponent(secret.value)}`],
    ['form-encoded', `/search?${new URLSearchParams({ q: secret.value }).toString()}`],
    ['JSON-escaped', JSON.stringify({ v: secret.value })],
  ])('removes the %s form', (_form, text) => {
    const out = redactSecrets(text, [secret]);
    expect(out).not.toContain('w0rd');
    expect(out).toContain(secretPlaceholder('card'));
  });

  it('leaves text without secrets alone', () => {
    expect(redactSecrets('nothing here', [secret])).toBe('nothing here');
    expect(redactSecrets('x', [])).toBe('x');
  });
});
