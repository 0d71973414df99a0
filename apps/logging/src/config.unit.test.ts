import { ConfigError } from '@forage/config';
import { loadLoggingConfig } from './config.js';

describe('logging configuration', () => {
  it('uses PGlite in LOGGING_DATA_DIR when DATABASE_URL is unset or empty', () => {
    expect(loadLoggingConfig({})).toMatchObject({ LOGGING_DATA_DIR: '.forage/data/logging' });
    expect(loadLoggingConfig({}).DATABASE_URL).toBeUndefined();
    expect(loadLoggingConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    'postgres://forage:secret@db.internal:5432/forage',
    'postgresql://postgres@127.0.0.1:6543/postgres?sslmode=require',
    'postgresql:///forage?host=/var/run/postgresql',
  ])('accepts the PostgreSQL URL %s', (url) => {
    expect(loadLoggingConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });

  it.each(['mysql://root:secret@db:3306/forage', 'db.internal:5432', 'not a url'])(
    'refuses %s without echoing it',
    (url) => {
      const load = (): unknown => loadLoggingConfig({ DATABASE_URL: url });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(/DATABASE_URL: must be a PostgreSQL URL/);
      expect(load).not.toThrow(/secret/);
    },
  );
});
