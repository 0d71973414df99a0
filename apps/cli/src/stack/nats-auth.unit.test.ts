import { resolveSettings } from '@forage/config';
import { planProcesses, SERVICES } from './layout.js';
import { natsTlsOf, NatsTlsSettingsError } from './nats-auth.js';

const settings = {
  natsUrl: 'nats://127.0.0.1:4222',
  evidenceKey: 'k'.repeat(64),
  dataDir: '/tmp/forage',
  sandboxOrigins: [],
  gatewayPort: 7700,
  logLevel: 'info',
};
const opsPorts = Array.from({ length: 20 }, (_, i) => 9000 + i);

describe('NATS identities of the stack', () => {
  it('gives every replica its own service name and password file, never another service’s', () => {
    const plans = planProcesses({
      settings: { ...settings, natsCredentialsDir: '/tmp/forage/secrets/nats/credentials' },
      replicas: { 'dom-extraction': 2 },
      opsPorts,
    });
    for (const plan of plans) {
      expect(plan.env['NATS_USER']).toBe(plan.service);
      expect(plan.env['NATS_PASSWORD_FILE']).toBe(
        `/tmp/forage/secrets/nats/credentials/${plan.service}.password`,
      );
      expect(plan.env['NATS_PASSWORD']).toBeUndefined();
    }
    expect(new Set(plans.map((p) => p.env['NATS_USER']))).toEqual(new Set(SERVICES));
  });

  it('passes the CA to every service when NATS uses TLS', () => {
    const plans = planProcesses({
      settings: { ...settings, natsCredentialsDir: '/c', natsCaFile: '/certs/ca.pem' },
      replicas: {},
      opsPorts,
    });
    expect(plans.every((p) => p.env['NATS_TLS_CA'] === '/certs/ca.pem')).toBe(true);
  });

  it('reads nats-server TLS from the settings, and refuses a certificate without its key', () => {
    const user = (env: Record<string, string>) => resolveSettings({ env }).values;
    expect(natsTlsOf(user({}))).toBeUndefined();
    expect(
      natsTlsOf(
        user({
          FORAGE_NATS_TLS_CERT: '/c/server.pem',
          FORAGE_NATS_TLS_KEY: '/c/server.key',
          FORAGE_NATS_TLS_CA: '/c/ca.pem',
        }),
      ),
    ).toEqual({ certFile: '/c/server.pem', keyFile: '/c/server.key', caFile: '/c/ca.pem' });
    expect(() => natsTlsOf(user({ FORAGE_NATS_TLS_CERT: '/c/server.pem' }))).toThrow(NatsTlsSettingsError);
  });
});
