import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@forage/testing';
import { resolveSettings, reportSettings } from '@forage/config';
import { writeRunningSettings } from '../settings/running-settings.js';
import { writeStackState } from '../stack/state-file.js';
import { runCli, type CliIo } from './run.js';

/** Runs one command line in-process and collects what it printed. */
async function forage(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    root: '/nonexistent',
    env,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    errRaw: (t) => err.push(t),
    stderrIsTTY: false,
  };
  const code = await runCli(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('forage <command> --help', () => {
  it.each([
    ['ask', ['--url URL', '--max-pages N', '--port N', '--json', '--profile NAME']],
    ['up', ['--allow ORIGIN', '--port N', '--replicas', '--data-dir DIR', 'FORAGE_ALLOW']],
    ['extract', ['--format F', '--base-url URL']],
    ['config', ['--json']],
    ['session', ['forage session open [URL]', '--offset N', '--text-limit N', '--json']],
  ])("prints %s's own options, not the general usage", async (command, expected) => {
    const { code, out } = await forage([command, '--help']);
    expect(code).toBe(0);
    expect(out).toContain(`Usage: forage ${command}`);
    for (const option of expected) expect(out).toContain(option);
    expect(out).not.toContain('Commands:');
  });

  it('lists the commands without one, and refuses an unknown option naming it', async () => {
    expect((await forage([])).out).toContain('Commands:');
    const bad = await forage(['ask', '--nope', 'q']);
    expect(bad.code).toBe(64);
    expect(bad.err).toContain("Unknown option '--nope'");
    expect(bad.err).toContain('Usage: forage ask');
  });

  it('refuses a --profile of ask that is not a profile name before asking anything', async () => {
    const bad = await forage(['ask', '--profile', 'My Work', 'q'], { FORAGE_URL: 'http://127.0.0.1:9' });
    expect(bad.code).toBe(64);
    expect(bad.err).toContain('forage ask: --profile: a profile name is 1-64 characters');
  });
});

describe('forage up stops on bad settings before starting anything', () => {
  const data = tempDir('forage-settings-');
  afterAll(() => {
    data.remove();
  });

  it.each([
    [['--allow', 'http://10.0.0.0/8'], '--allow: [0] "http://10.0.0.0/8" is not an allowed origin'],
    [['--allow', '*'], 'wildcards are not accepted'],
    [['--allow', 'http://169.254.169.254'], 'never fetched'],
  ])('refuses a malformed origin %j, naming it and the accepted form', async (flags, message) => {
    const { code, err } = await forage(['up', '--data-dir', data.path, ...flags]);
    expect(code).toBe(78);
    expect(err).toContain(message);
    expect(err).toContain('scheme://host[:port]');
    expect(existsSync(join(data.path, 'stack.lock'))).toBe(false);
  });

  it('refuses an unknown key in forage.config.json and an unknown FORAGE_ variable, naming them', async () => {
    writeFileSync(
      join(data.path, 'forage.config.json'),
      JSON.stringify({ allowedOrigins: ['http://127.0.0.1:1'] }),
    );
    const file = await forage(['up', '--data-dir', data.path]);
    expect(file.code).toBe(78);
    expect(file.err).toContain('forage.config.json "allowedOrigins": unknown key');
    writeFileSync(join(data.path, 'forage.config.json'), '{}');
    const env = await forage(['up', '--data-dir', data.path], { FORAGE_LLM_MODLE: 'x' });
    expect(env.code).toBe(78);
    expect(env.err).toContain('FORAGE_LLM_MODLE: not a Forage setting (did you mean FORAGE_LLM_MODEL?)');
    const value = await forage(['up', '--data-dir', data.path], { FORAGE_PORT: 'eighty' });
    expect(value.err).toMatch(/FORAGE_PORT: .*expected number/);
  });
});

describe('forage config', () => {
  const data = tempDir('forage-config-');
  afterAll(() => {
    data.remove();
  });
  const secrets = { FORAGE_LLM_API_KEY: 'sk-test-0123456789', FORAGE_SERPER_API_KEY: 'serper-key-42' };

  it('shows each effective value with its origin: flag beats environment beats file', async () => {
    writeFileSync(
      join(data.path, 'forage.config.json'),
      JSON.stringify({
        gatewayPort: 7100,
        maxPages: 4,
        domainDelayMs: 900,
        braveApiKey: 'brave-file-secret',
      }),
    );
    const { code, out } = await forage(['config', '--data-dir', data.path, '--port', '7300'], {
      ...secrets,
      FORAGE_PORT: '7200',
      FORAGE_MAX_PAGES: '6',
    });
    expect(code).toBe(0);
    expect(out).toMatch(/gatewayPort\s+7300\s+flag\s+FORAGE_PORT/);
    expect(out).toMatch(/maxPages\s+6\s+env\s+FORAGE_MAX_PAGES/);
    expect(out).toMatch(/domainDelayMs\s+900\s+file\s+FORAGE_DOMAIN_DELAY_MS/);
    expect(out).toMatch(/logLevel\s+warn\s+default/);
    expect(out).toContain(join(data.path, 'forage.config.json'));
  });

  it('masks every secret in its text and JSON output', async () => {
    const text = await forage(['config', '--data-dir', data.path], secrets);
    const json = await forage(['config', '--data-dir', data.path, '--json'], secrets);
    for (const secret of [...Object.values(secrets), 'brave-file-secret']) {
      expect(text.out).not.toContain(secret);
      expect(json.out).not.toContain(secret);
    }
    expect(text.out).toMatch(/llmApiKey\s+\*{8}\s+env/);
    const parsed = JSON.parse(json.out) as { settings: { key: string; value: unknown; source: string }[] };
    expect(parsed.settings.find((s) => s.key === 'braveApiKey')).toMatchObject({
      value: '********',
      source: 'file',
    });
    expect(parsed.settings.find((s) => s.key === 'serperApiKey')).toMatchObject({
      value: '********',
      source: 'env',
    });
    expect(parsed.settings.find((s) => s.key === 'tavilyApiKey')).toMatchObject({
      value: null,
      source: 'default',
    });
    expect(readFileSync(join(data.path, 'forage.config.json'), 'utf8')).toContain('brave-file-secret');
  });
});

describe('forage config beside a running stack', () => {
  const data = tempDir('forage-config-running-');
  afterAll(() => {
    data.remove();
  });

  it('lists the settings the running stack was started with where they differ', async () => {
    writeStackState(data.path, {
      supervisorPid: process.pid,
      startedAt: new Date().toISOString(),
      natsUrl: 'nats://127.0.0.1:1',
      natsMonitorUrl: 'http://127.0.0.1:1',
      gatewayUrl: 'http://127.0.0.1:1',
      sandbox: [],
      processes: [],
    });
    const started = resolveSettings({
      flags: { allow: ['http://127.0.0.1:18931'] },
      env: {
        FORAGE_LLM_API_KEY: 'sk-running-secret',
        FORAGE_LLM_BASE_URL: 'http://127.0.0.1:9/v1',
        FORAGE_LLM_MODEL: 'm',
      },
    });
    writeRunningSettings(data.path, reportSettings(started));
    const text = await forage(['config', '--data-dir', data.path]);
    expect(text.out).toMatch(
      /The running stack was started with:\n.*\nallow\s+http:\/\/127\.0\.0\.1:18931\s+flag/,
    );
    const json = await forage(['config', '--data-dir', data.path, '--json']);
    expect(text.out + json.out).not.toContain('sk-running-secret');
    const parsed = JSON.parse(json.out) as { running: { key: string; value: unknown }[] };
    expect(parsed.running.find((r) => r.key === 'allow')?.value).toEqual(['http://127.0.0.1:18931']);
  });
});

describe('forage keys', () => {
  const data = tempDir('forage-keys-');
  afterAll(() => {
    data.remove();
  });

  it('creates a key (shown once, stored hashed), lists it and revokes it', async () => {
    const created = await forage(['keys', 'create', 'ci pipeline', '--data-dir', data.path]);
    expect(created.code).toBe(0);
    const token = created.out.split('\n').find((l) => l.startsWith('fk_'));
    expect(token).toBeDefined();
    const stored = readFileSync(join(data.path, 'api-keys.json'), 'utf8');
    expect(stored).not.toContain(token ?? '');
    const id = /created key (\S+)/.exec(created.out)?.[1] ?? '';
    expect((await forage(['keys', 'list', '--data-dir', data.path])).out).toMatch(
      new RegExp(`${id}\\s+active.*ci pipeline`),
    );
    expect((await forage(['keys', 'revoke', id, '--data-dir', data.path])).code).toBe(0);
    expect((await forage(['keys', 'list', '--data-dir', data.path])).out).toContain('revoked');
    expect((await forage(['keys', 'revoke', 'nope', '--data-dir', data.path])).code).toBe(64);
  });
});

describe('the connection flags are the same for every command that talks to the stack', () => {
  const data = tempDir('forage-connection-');
  const empty = tempDir('forage-connection-empty-');
  afterAll(() => {
    data.remove();
    empty.remove();
  });

  beforeAll(() => {
    writeStackState(data.path, {
      supervisorPid: process.pid,
      startedAt: new Date().toISOString(),
      natsUrl: 'nats://127.0.0.1:1',
      natsMonitorUrl: 'http://127.0.0.1:1',
      gatewayUrl: 'http://127.0.0.1:17701',
      sandbox: [],
      processes: [],
    });
  });

  it.each(['index', 'status', 'logs', 'audit', 'dlq', 'memory', 'keys', 'replay', 'down'])(
    '%s takes --port as ask does',
    async (command) => {
      const { out } = await forage([command, '--help']);
      expect(out).toContain('--port N');
    },
  );

  it('index --port with the data directory of the stack at that port indexes there', async () => {
    const { code, out } = await forage(['index', '--list', '--data-dir', data.path, '--port', '17701']);
    expect(code).toBe(0);
    expect(out).toContain('the index is empty');
  });

  it('refuses --port or FORAGE_URL naming another stack than the data directory’s, saying which', async () => {
    const other = await forage(['index', '--list', '--data-dir', data.path, '--port', '17702']);
    expect(other.code).toBe(64);
    expect(other.err).toContain(
      `--port 17702 names the stack at http://127.0.0.1:17702, but the stack running from ${data.path} is at http://127.0.0.1:17701`,
    );
    const none = await forage(['index', '--list', '--data-dir', empty.path], {
      FORAGE_URL: 'http://127.0.0.1:17701',
    });
    expect(none.code).toBe(64);
    expect(none.err).toContain(`no stack runs from ${empty.path}`);
  });

  it('refuses an unknown flag of index as a usage error naming it', async () => {
    const bad = await forage(['index', '--porrt', '1', './x']);
    expect(bad.code).toBe(64);
    expect(bad.err).toContain("Unknown option '--porrt'");
  });
});
