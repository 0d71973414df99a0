import { AllowedOriginError, parseAllowedOrigin, parseAllowedOrigins } from './allowed-origin.js';

describe('parseAllowedOrigin', () => {
  it.each([
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080'],
    ['HTTPS://Wiki.Intranet.Example', 'https://wiki.intranet.example'],
    ['https://10.0.0.5:443', 'https://10.0.0.5'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
  ])('accepts %s as %s', (entry, origin) => {
    expect(parseAllowedOrigin(entry)).toBe(origin);
  });

  it.each([
    ['*', /wildcards/],
    ['http://*.intranet.example', /wildcards/],
    ['10.0.0.0/8', /no scheme/],
    ['http://10.0.0.0/8', /address range/],
    ['http://127.0.0.1:8080/wiki', /path/],
    ['127.0.0.1:8080', /no scheme/],
    ['ftp://files.example', /scheme ftp/],
    ['http://user:pw@127.0.0.1', /credentials/],
    ['http://127.0.0.1/?q=1', /query/],
    ['http://169.254.169.254', /metadata address, which is never fetched/],
    ['http://[fe80::1]:80', /link-local/],
    ['http://0.0.0.0:8080', /unspecified/],
  ])('refuses %s naming the accepted form', (entry, why) => {
    let error: unknown;
    try {
      parseAllowedOrigin(entry);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(AllowedOriginError);
    expect((error as Error).message).toMatch(why);
    expect((error as Error).message).toContain('scheme://host[:port]');
    expect((error as Error).message).toContain(JSON.stringify(entry));
  });

  it('reads repeated and comma-separated entries, without duplicates', () => {
    expect(parseAllowedOrigins(['http://127.0.0.1:1, http://127.0.0.1:2', 'http://127.0.0.1:1/'])).toEqual([
      'http://127.0.0.1:1',
      'http://127.0.0.1:2',
    ]);
  });
});
