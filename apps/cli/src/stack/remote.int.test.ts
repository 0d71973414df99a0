import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { ensureAllStreams, natsConnectOptions } from '@forage/messaging';
import { passwordFileOf } from '@forage/messaging/stack';
import { startTestNats, tempDir, type TestNats } from '@forage/testing';
import { runCli, type CliIo } from '../cli/run.js';

/** Runs one command line in-process and collects what it printed. */
async function forage(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    root: '/nonexistent',
    env: {},
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    errRaw: (t) => err.push(t),
    stderrIsTTY: false,
  };
  const code = await runCli(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The ops commands against a deployed stack: a NATS that requires users, no stack.json anywhere. */
describe('ops commands with --nats URL --creds FILE', () => {
  let nats: TestNats;
  const empty = tempDir('forage-remote-');

  beforeAll(async () => {
    nats = await startTestNats({ auth: true });
    const nc = await connect({ servers: nats.url, ...natsConnectOptions(nats.security('admin')) });
    await ensureAllStreams(nc);
    await nc.close();
  });

  afterAll(async () => {
    await nats.stop();
    empty.remove();
  });

  it('lists the dead letters of the stack named on the command line, as the admin identity', async () => {
    const creds = passwordFileOf(nats.credentialsDir ?? '', 'admin');
    const listed = await forage([
      'dlq',
      'list',
      '--json',
      '--data-dir',
      empty.path,
      '--nats',
      nats.url,
      '--creds',
      creds,
    ]);
    expect(listed).toMatchObject({ code: 0, out: '[]' });
  });

  it('is refused by the server with a wrong password', async () => {
    const wrong = join(empty.path, 'wrong.password');
    writeFileSync(wrong, 'not-the-password\n', { mode: 0o600 });
    await expect(
      forage(['dlq', 'list', '--data-dir', empty.path, '--nats', nats.url, '--creds', wrong]),
    ).rejects.toThrow(/Authorization/i);
  });

  it('needs both flags, and without them still looks for a stack in the data directory', async () => {
    const halfNamed = await forage(['audit', 'verify', '--data-dir', empty.path, '--nats', nats.url]);
    expect(halfNamed.code).toBe(64);
    expect(halfNamed.err).toContain('--nats URL and --creds FILE go together');
    const local = await forage(['logs', '--data-dir', empty.path, '00000000-0000-4000-8000-000000000000']);
    expect(local.code).toBe(69);
    expect(local.err).toContain('--nats URL --creds FILE');
  });
});
