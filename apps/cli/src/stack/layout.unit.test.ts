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
  });

  it('rejects unknown services and bad counts in --replicas', () => {
    expect(parseReplicas('dom-extraction=2,processing=1')).toEqual({ 'dom-extraction': 2, processing: 1 });
    expect(() => parseReplicas('nope=2')).toThrow(/unknown service/);
    expect(() => parseReplicas('search=0')).toThrow(/1..16/);
    expect(() => parseReplicas('gateway=2')).toThrow(/gateway/);
  });
});
