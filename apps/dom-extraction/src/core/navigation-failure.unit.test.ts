import { describeNavigationFailure } from './navigation-failure.js';

const describe_ = (errorText: string) => describeNavigationFailure({ url: 'http://site.test/', errorText });

describe('describeNavigationFailure', () => {
  it.each([
    ['page.goto: net::ERR_BLOCKED_BY_CLIENT at http://site.test/', 'egress_blocked'],
    ['page.goto: net::ERR_NAME_NOT_RESOLVED at http://site.test/', 'dns'],
    ['page.goto: net::ERR_CONNECTION_REFUSED at http://site.test/\nCall log:\n  - navigating', 'refused'],
    ['page.goto: Timeout 20000ms exceeded.\nCall log:', 'timeout'],
    ['page.goto: net::ERR_TIMED_OUT at http://site.test/', 'timeout'],
    ['page.goto: net::ERR_CERT_AUTHORITY_INVALID at https://site.test/', 'tls'],
    ['page.goto: net::ERR_EMPTY_RESPONSE at http://site.test/', 'network'],
    ['page.goto: net::ERR_ABORTED at http://site.test/file.zip', 'aborted'],
    ['page.goto: something new', 'other'],
  ])('%s → %s', (errorText, kind) => {
    expect(describe_(errorText).kind).toBe(kind);
  });

  it('writes a message naming the URL, the cause and the browser code, without the call log', () => {
    expect(
      describe_('page.goto: net::ERR_CONNECTION_REFUSED at http://site.test/\nCall log:\n  - x').message,
    ).toBe('navigation to http://site.test/ failed: connection refused (net::ERR_CONNECTION_REFUSED)');
  });
});
