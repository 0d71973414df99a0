import { allowedHostsFor, hostnameOf, judgeRequest, type RequestFacts } from './request-policy.js';

const policy = {
  allowedHosts: allowedHostsFor('127.0.0.1', ['api.example.org']),
  allowedOrigins: new Set(['https://ui.example.org']),
};
const post = (over: Partial<RequestFacts>): RequestFacts => ({
  method: 'POST',
  path: '/v1/runs',
  host: '127.0.0.1:7700',
  origin: undefined,
  secFetchSite: undefined,
  contentType: 'application/json',
  hasBody: true,
  ...over,
});

describe('judgeRequest', () => {
  it('lets a same-origin JSON POST and a header-less client through', () => {
    expect(
      judgeRequest(post({ origin: 'http://127.0.0.1:7700', secFetchSite: 'same-origin' }), policy),
    ).toBeUndefined();
    expect(judgeRequest(post({}), policy)).toBeUndefined();
    expect(judgeRequest(post({ contentType: 'application/json; charset=utf-8' }), policy)).toBeUndefined();
  });

  it('refuses other origins unless configured, and the "null" origin', () => {
    expect(judgeRequest(post({ origin: 'http://evil.example' }), policy)?.reason).toBe('cross_site');
    expect(judgeRequest(post({ origin: 'null' }), policy)?.reason).toBe('cross_site');
    expect(judgeRequest(post({ origin: 'http://127.0.0.1:9999' }), policy)?.reason).toBe('cross_site');
    expect(judgeRequest(post({ origin: 'https://ui.example.org' }), policy)).toBeUndefined();
  });

  it('refuses a cross-site fetch that sends Sec-Fetch-Site but no Origin', () => {
    expect(judgeRequest(post({ secFetchSite: 'cross-site' }), policy)?.status).toBe(403);
  });

  it('refuses bodies that are not JSON with 415', () => {
    for (const contentType of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
      undefined,
    ]) {
      expect(judgeRequest(post({ contentType }), policy)).toMatchObject({
        status: 415,
        reason: 'content_type',
      });
    }
  });

  it('answers only to loopback names, the listen address and configured names', () => {
    expect(judgeRequest(post({ host: 'localhost:7700' }), policy)).toBeUndefined();
    expect(judgeRequest(post({ host: '[::1]:7700' }), policy)).toBeUndefined();
    expect(judgeRequest(post({ host: 'api.example.org' }), policy)).toBeUndefined();
    expect(judgeRequest(post({ host: 'rebind.attacker.example:7700' }), policy)).toMatchObject({
      status: 403,
      reason: 'host',
    });
    expect(judgeRequest(post({ host: undefined }), policy)?.reason).toBe('host');
    expect(allowedHostsFor('0.0.0.0', []).has('0.0.0.0')).toBe(false);
  });

  it('answers 405 with the allowed methods on a known path', () => {
    expect(judgeRequest(post({ method: 'PUT', hasBody: false }), policy)).toMatchObject({
      status: 405,
      headers: { allow: 'GET, HEAD, POST' },
    });
    expect(
      judgeRequest(post({ method: 'POST', path: '/v1/evidence/abc', hasBody: false }), policy),
    ).toMatchObject({
      status: 405,
      headers: { allow: 'GET, HEAD' },
    });
    expect(judgeRequest(post({ method: 'PUT', path: '/v1/runs/abc/events' }), policy)?.status).toBe(405);
    expect(
      judgeRequest(post({ method: 'GET', path: '/v1/runs/abc', hasBody: false }), policy),
    ).toBeUndefined();
  });

  it('reads host names with ports and IPv6 brackets', () => {
    expect(hostnameOf('Example.ORG:80')).toBe('example.org');
    expect(hostnameOf('[::1]:7700')).toBe('[::1]');
    expect(hostnameOf('')).toBeUndefined();
  });
});
