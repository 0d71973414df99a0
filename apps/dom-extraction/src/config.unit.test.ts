import { ConfigError } from '@forage/config';
import { loadDomExtractionConfig } from './config.js';

const key = 'ab'.repeat(32);

describe('dom-extraction config', () => {
  it('applies defaults and parses the allowlist', () => {
    const config = loadDomExtractionConfig({
      FORAGE_EVIDENCE_KEY: key,
      EGRESS_ALLOWLIST: 'http://127.0.0.1:41001',
    });
    expect(config).toMatchObject({
      OPS_PORT: 7804,
      EXTRACT_MAX_PAGES: 4,
      USER_AGENT: expect.stringContaining('ForageBot') as unknown,
      EGRESS_ALLOWLIST: [{ scheme: 'http', host: '127.0.0.1', port: 41001 }],
    });
    expect(config.CHROMIUM_PATH).toMatch(/chromium$/);
  });

  it('names the variable at fault', () => {
    expect(() => loadDomExtractionConfig({ FORAGE_EVIDENCE_KEY: key, EGRESS_ALLOWLIST: 'ftp://x' })).toThrow(
      /EGRESS_ALLOWLIST/,
    );
    expect(() => loadDomExtractionConfig({ FORAGE_EVIDENCE_KEY: key, EXTRACT_MAX_PAGES: '0' })).toThrow(
      /EXTRACT_MAX_PAGES/,
    );
    expect(() =>
      loadDomExtractionConfig({ FORAGE_EVIDENCE_KEY: key, CHROMIUM_PATH: '/nope/chromium' }),
    ).toThrow(ConfigError);
    expect(() =>
      loadDomExtractionConfig({ FORAGE_EVIDENCE_KEY: key, CHROMIUM_PATH: '/nope/chromium' }),
    ).toThrow(/CHROMIUM_PATH.*apt-get install -y chromium/);
    expect(() => loadDomExtractionConfig({})).toThrow(/FORAGE_EVIDENCE_KEY/);
  });
});
