import { secretRefusal } from './secret-origin.js';

describe('a secret is typed only into the site it was given for', () => {
  const bound = { handle: 'in-password', value: 'hunter2', origin: 'http://a.test:7813' };

  it('is typed into any page of its own site', () => {
    expect(secretRefusal(bound, 'http://a.test:7813/login?next=/')).toBeUndefined();
  });

  it('is refused on another site, another port or another scheme, naming both sites but not the value', () => {
    for (const url of ['http://b.test/login', 'http://a.test:7814/login', 'https://a.test:7813/login']) {
      const refusal = secretRefusal(bound, url);
      expect(refusal).toBe(
        `secret handle in-password is bound to http://a.test:7813; it is not typed into ${new URL(url).origin}`,
      );
      expect(refusal).not.toContain('hunter2');
    }
    expect(secretRefusal(bound, 'about:blank')).toContain('not typed into this page');
  });

  it('leaves a secret given for no site (the operator’s secrets file) to the egress policy', () => {
    expect(secretRefusal({ handle: 'x', value: 'y' }, 'http://b.test/')).toBeUndefined();
  });
});
