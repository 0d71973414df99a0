import { RemoteError, RequestTimeoutError, ServiceUnavailableError, UpstreamError } from '@forage/messaging';
import { pageFailureOf, stackDidNotAnswer } from './stack-failure.js';

describe('a failure reading one page', () => {
  it('is the stack’s when the bus got no answer, and stops the crawl', () => {
    expect(stackDidNotAnswer(new ServiceUnavailableError('dom.understand.v1: no service is listening'))).toBe(
      true,
    );
    expect(stackDidNotAnswer(new RequestTimeoutError('verify.v1: no reply within 30000 ms'))).toBe(true);
    expect(stackDidNotAnswer(new UpstreamError('request failed: connection closed'))).toBe(true);
  });

  it('is the page’s own otherwise — a service’s typed error or a fault reading the page — and is kept on its record', () => {
    const remote = new RemoteError('dom.understand.v1', {
      error: { code: 'invalid_request', message: 'page too large', retryable: false },
    });
    expect(stackDidNotAnswer(remote)).toBe(false);
    expect(pageFailureOf(remote)).toBe('dom.understand.v1: invalid_request: page too large');
    const fault = new TypeError("Cannot read properties of undefined (reading 'xpath')");
    expect(stackDidNotAnswer(fault)).toBe(false);
    expect(pageFailureOf(fault)).toBe("TypeError: Cannot read properties of undefined (reading 'xpath')");
    expect(pageFailureOf('x'.repeat(600))).toHaveLength(500);
  });
});
