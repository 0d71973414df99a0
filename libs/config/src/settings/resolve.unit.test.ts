import { resolveSettings, SettingsError } from './resolve.js';
import { MASK, formatSettingsReport, reportSettings } from './report.js';
import { serviceVariables } from './service-env.js';

const problemsOf = (run: () => unknown): string => {
  try {
    run();
  } catch (err) {
    if (err instanceof SettingsError) return err.message;
    throw err;
  }
  throw new Error('expected a SettingsError');
};

describe('resolveSettings', () => {
  it('takes each value from the flag, else the variable, else the file, else the default', () => {
    const file = {
      path: '/d/forage.config.json',
      content: { gatewayPort: 7100, maxPages: 5, logLevel: 'info' },
    };
    const effective = resolveSettings({
      flags: { gatewayPort: '7300' },
      env: { FORAGE_PORT: '7200', FORAGE_MAX_PAGES: '6' },
      file,
    });
    expect(effective.values).toMatchObject({
      gatewayPort: 7300,
      maxPages: 6,
      logLevel: 'info',
      domainDelayMs: 500,
    });
    expect(effective.sources).toMatchObject({
      gatewayPort: 'flag',
      maxPages: 'env',
      logLevel: 'file',
      domainDelayMs: 'default',
    });
    expect(resolveSettings({ env: { FORAGE_PORT: '7200' }, file }).values.gatewayPort).toBe(7200);
    expect(resolveSettings({ file }).values.gatewayPort).toBe(7100);
    expect(resolveSettings({}).values.gatewayPort).toBe(7700);
  });

  it('reads allowed origins from repeated flags, comma-separated variables and file arrays', () => {
    expect(
      resolveSettings({ flags: { allow: ['http://127.0.0.1:5000', 'https://wiki.lan/'] } }).values.allow,
    ).toEqual(['http://127.0.0.1:5000', 'https://wiki.lan']);
    expect(
      resolveSettings({ env: { FORAGE_ALLOW: 'http://10.0.0.2:80, http://10.0.0.3:81' } }).values.allow,
    ).toEqual(['http://10.0.0.2', 'http://10.0.0.3:81']);
    expect(
      resolveSettings({ file: { path: 'f.json', content: { allow: ['http://192.168.1.9:8080'] } } }).values
        .allow,
    ).toEqual(['http://192.168.1.9:8080']);
  });

  it('stops on a malformed origin, naming where it was set and the accepted form', () => {
    const message = problemsOf(() => resolveSettings({ flags: { allow: ['http://10.0.0.0/8'] } }));
    expect(message).toContain('--allow');
    expect(message).toContain('"http://10.0.0.0/8"');
    expect(message).toContain('scheme://host[:port]');
    expect(problemsOf(() => resolveSettings({ env: { FORAGE_ALLOW: '*' } }))).toMatch(
      /FORAGE_ALLOW: .*wildcards/,
    );
    expect(problemsOf(() => resolveSettings({ flags: { allow: ['http://169.254.169.254'] } }))).toMatch(
      /never fetched/,
    );
  });

  it('stops on unknown variables and file keys, suggesting the setting meant', () => {
    expect(problemsOf(() => resolveSettings({ env: { FORAGE_ALOW: 'http://127.0.0.1:1' } }))).toContain(
      'FORAGE_ALOW: not a Forage setting (did you mean FORAGE_ALLOW?)',
    );
    const message = problemsOf(() =>
      resolveSettings({ file: { path: '/d/forage.config.json', content: { maxPage: 4, dataDir: '/x' } } }),
    );
    expect(message).toContain('/d/forage.config.json "maxPage": unknown key (did you mean "maxPages"?)');
    expect(message).toContain('"dataDir": cannot be set in the file');
    expect(problemsOf(() => resolveSettings({ file: { path: 'f.json', content: [1] } }))).toContain(
      'expected a JSON object',
    );
  });

  it('ignores variables that are not settings but belong to Forage, and empty ones', () => {
    const effective = resolveSettings({
      env: { FORAGE_URL: 'http://127.0.0.1:1', FORAGE_EVIDENCE_KEY: 'k', FORAGE_PORT: '', PATH: '/bin' },
    });
    expect(effective.sources.gatewayPort).toBe('default');
  });

  it('names each bad value with what was expected, overridden ones included', () => {
    const message = problemsOf(() =>
      resolveSettings({
        flags: { gatewayPort: '7300' },
        env: { FORAGE_PORT: 'seventy', FORAGE_LOG_LEVEL: 'loud' },
        file: { path: 'f.json', content: { maxPages: 99 } },
      }),
    );
    expect(message).toMatch(/FORAGE_PORT: .*number/);
    expect(message).toMatch(/FORAGE_LOG_LEVEL: .*"trace"/);
    expect(message).toMatch(/f\.json "maxPages": .*<=20/);
  });

  it('requires a model with an LLM endpoint', () => {
    expect(
      problemsOf(() => resolveSettings({ env: { FORAGE_LLM_BASE_URL: 'http://127.0.0.1:8000/v1' } })),
    ).toContain('FORAGE_LLM_MODEL: required when llmBaseUrl is set');
  });
});

describe('reportSettings', () => {
  const secrets = {
    FORAGE_LLM_API_KEY: 'sk-live-abcdef123456',
    FORAGE_BRAVE_API_KEY: 'brave-secret-987',
    FORAGE_DATABASE_URL: 'postgres://forage:hunter2@db:5432/forage',
  };
  const effective = resolveSettings({
    env: { ...secrets, FORAGE_LLM_BASE_URL: 'http://127.0.0.1:8000/v1', FORAGE_LLM_MODEL: 'm' },
    file: { path: 'f.json', content: { tavilyApiKey: 'tvly-secret-555' } },
  });

  it('masks every secret in text and JSON, and says where each value came from', () => {
    const rows = reportSettings(effective);
    const text = formatSettingsReport(rows);
    const json = JSON.stringify(rows);
    for (const secret of [...Object.values(secrets), 'tvly-secret-555', 'hunter2']) {
      expect(text).not.toContain(secret);
      expect(json).not.toContain(secret);
    }
    expect(rows.find((r) => r.key === 'llmApiKey')).toMatchObject({
      value: MASK,
      source: 'env',
      secret: true,
    });
    expect(rows.find((r) => r.key === 'tavilyApiKey')).toMatchObject({ value: MASK, source: 'file' });
    expect(rows.find((r) => r.key === 'serperApiKey')).toMatchObject({ value: null, source: 'default' });
    expect(text).toMatch(/llmModel\s+m\s+env\s+FORAGE_LLM_MODEL/);
    expect(text).toMatch(/serperApiKey\s+\(unset\)\s+default/);
  });
});

describe('serviceVariables', () => {
  it("maps settings onto each service's own variables, secrets only where they are used", () => {
    const { values } = resolveSettings({
      env: {
        FORAGE_LLM_BASE_URL: 'http://127.0.0.1:8000/v1',
        FORAGE_LLM_MODEL: 'qwen',
        FORAGE_LLM_API_KEY: 'k',
        FORAGE_SEARCH_PROVIDERS: 'searxng,brave',
        FORAGE_BRAVE_API_KEY: 'b',
        FORAGE_DOMAIN_DELAY_MS: '900',
      },
    });
    expect(serviceVariables(values, 'processing')).toMatchObject({
      LLM_BASE_URL: 'http://127.0.0.1:8000/v1',
      LLM_MODEL: 'qwen',
      LLM_API_KEY: 'k',
      LOG_LEVEL: 'warn',
    });
    expect(serviceVariables(values, 'search')).toMatchObject({
      SEARCH_PROVIDERS: 'searxng,brave',
      BRAVE_API_KEY: 'b',
    });
    expect(serviceVariables(values, 'dom-extraction')).not.toHaveProperty('LLM_API_KEY');
    expect(serviceVariables(values, 'gateway')).not.toHaveProperty('BRAVE_API_KEY');
    expect(serviceVariables(values, 'dom-extraction')).toMatchObject({ DOMAIN_MIN_DELAY_MS: '900' });
    expect(serviceVariables(values, 'gateway')).toMatchObject({
      GATEWAY_PORT: '7700',
      GATEWAY_HOST: '127.0.0.1',
    });
  });
});
