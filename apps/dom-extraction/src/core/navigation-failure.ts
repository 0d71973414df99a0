/**
 * Names why a navigation failed from the browser's error text (`net::ERR_…` codes), pure, so the
 * adapter can turn it into the right typed error with a message a person can act on.
 */

export type NavigationFailureKind =
  'egress_blocked' | 'dns' | 'refused' | 'timeout' | 'tls' | 'network' | 'aborted' | 'other';

export interface NavigationFailure {
  readonly kind: NavigationFailureKind;
  readonly message: string;
}

const BY_CODE: ReadonlyArray<readonly [RegExp, NavigationFailureKind, string]> = [
  [/ERR_BLOCKED_BY_CLIENT/, 'egress_blocked', 'blocked by the egress guard'],
  [/ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED/, 'dns', 'host name did not resolve'],
  [/ERR_CONNECTION_REFUSED/, 'refused', 'connection refused'],
  [/ERR_(CONNECTION_)?TIMED_OUT|TimeoutError|Timeout \d+ms exceeded/, 'timeout', 'timed out'],
  [/ERR_(CERT_|SSL_)\w+/, 'tls', 'TLS handshake failed'],
  [
    /ERR_(CONNECTION_RESET|CONNECTION_CLOSED|EMPTY_RESPONSE|ADDRESS_UNREACHABLE|INTERNET_DISCONNECTED|NETWORK_CHANGED|UNSAFE_PORT|TOO_MANY_REDIRECTS)/,
    'network',
    'network error',
  ],
  [/ERR_ABORTED/, 'aborted', 'navigation aborted (a download or a cancelled load)'],
];

export function describeNavigationFailure(input: { url: string; errorText: string }): NavigationFailure {
  const firstLine = input.errorText.split('\n')[0] ?? '';
  const code = /net::ERR_[A-Z_]+/.exec(firstLine)?.[0];
  for (const [pattern, kind, what] of BY_CODE) {
    if (pattern.test(firstLine)) {
      return { kind, message: `navigation to ${input.url} failed: ${what}${code ? ` (${code})` : ''}` };
    }
  }
  return { kind: 'other', message: `navigation to ${input.url} failed: ${firstLine.slice(0, 300)}` };
}
