import { resolveSettings } from '@forage/config';
import { parseReplicas, planProcesses, SERVICES } from './layout.js';

const settings = {
  natsUrl: 'nats://127.0.0.1:4222',
  evidenceKey: 'k'.repeat(64),
  dataDir: '/tmp/forage',
  sandboxOrigins: ['http://127.0.0.1:5001', 'http://127.0.0.1:5002'],
  gatewayPort: 7700,
  logLevel: 'info',
};

describe('stack layout', () => {
  it('plans one process per replica with distinct ops ports', () => {
    const plans = planProcesses({
      settings,
      replicas: { 'dom-extraction': 3 },
      opsPorts: Array.from({ length: 20 }, (_, i) => 9000 + i),
    });
    expect(plans).toHaveLength(SERVICES.length + 2);
    expect(new Set(plans.map((p) => p.opsPort)).size).toBe(plans.length);
    expect(plans.filter((p) => p.service === 'dom-extraction').map((p) => p.replica)).toEqual([1, 2, 3]);
  });

  it('points search at the sandbox sitemaps and allowlists the sandbox origins for egress', () => {
    const [first] = planProcesses({
      settings,
      replicas: {},
      opsPorts: Array.from({ length: 9 }, (_, i) => 9000 + i),
    });
    expect(first?.env['SEARCH_SITEMAPS']).toBe(
      'http://127.0.0.1:5001/sitemap.xml,http://127.0.0.1:5002/sitemap.xml',
    );
    expect(first?.env['EGRESS_ALLOWLIST']).toBe('http://127.0.0.1:5001,http://127.0.0.1:5002');
    expect(first?.env['SEARCH_INDEX_DIR']).toBe('/tmp/forage/data/search-index');
  });

  it("has search serve the user's indexed files on the planned port, and every fetcher allow that origin", () => {
    const plans = planProcesses({
      settings: { ...settings, filesPort: 9300 },
      replicas: { search: 2 },
      opsPorts: Array.from({ length: 10 }, (_, i) => 9000 + i),
    });
    for (const plan of plans) {
      expect(plan.env['EGRESS_ALLOWLIST']).toBe(
        'http://127.0.0.1:5001,http://127.0.0.1:5002,http://127.0.0.1:9300',
      );
      expect(plan.env['SEARCH_FILES_PORT']).toBe(plan.service === 'search' ? '9300' : undefined);
    }
  });

  it("adds the user's allowed origins to every service's egress allowlist and maps their settings", () => {
    const { values: user } = resolveSettings({
      flags: { allow: ['http://127.0.0.1:8080'] },
      env: {
        FORAGE_LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
        FORAGE_LLM_MODEL: 'm',
        FORAGE_LLM_API_KEY: 'secret',
      },
    });
    const plans = planProcesses({
      settings: { ...settings, user },
      replicas: {},
      opsPorts: Array.from({ length: 9 }, (_, i) => 9000 + i),
    });
    for (const plan of plans) {
      expect(plan.env['EGRESS_ALLOWLIST']).toBe(
        'http://127.0.0.1:5001,http://127.0.0.1:5002,http://127.0.0.1:8080',
      );
    }
    const env = (service: string) => plans.find((p) => p.service === service)?.env ?? {};
    expect(env('processing')).toMatchObject({
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_API_KEY: 'secret',
    });
    expect(env('dom-extraction')).not.toHaveProperty('LLM_API_KEY');
    expect(env('gateway')).toMatchObject({ GATEWAY_PORT: '7700', GATEWAY_HOST: '127.0.0.1' });
  });

  it('rejects unknown services and bad counts in --replicas', () => {
    expect(parseReplicas('dom-extraction=2,processing=1')).toEqual({ 'dom-extraction': 2, processing: 1 });
    expect(() => parseReplicas('nope=2')).toThrow(/unknown service/);
    expect(() => parseReplicas('search=0')).toThrow(/1..16/);
    expect(() => parseReplicas('gateway=2')).toThrow(/gateway/);
  });
});
