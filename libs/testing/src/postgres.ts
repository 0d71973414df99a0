import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '@forage/messaging/stack';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where Debian's `postgresql` package puts the server binaries (one folder per major version). */
const DEBIAN_POSTGRES_ROOT = '/usr/lib/postgresql';
/** The server refuses to run as root; as root the test runs it as this OS user. */
const POSTGRES_OS_USER = 'postgres';

/** A real PostgreSQL server for one test suite. */
export interface RunningPostgres {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` (trust authentication, test only). */
  readonly url: string;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

/** The PostgreSQL server binaries are not installed, or the server did not start. */
export class TestPostgresError extends Error {
  override readonly name = 'TestPostgresError';
}

/**
 * Starts a real PostgreSQL server in a fresh temporary directory: initdb with trust
 * authentication, listening on 127.0.0.1 on a free port, its unix socket inside the directory.
 * Durability settings are off (fsync, synchronous_commit): a test database is thrown away.
 */
export async function startTestPostgres(): Promise<RunningPostgres> {
  const bin = postgresBinDir();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'forage-pg-'));
  const dataDir = join(dir, 'data');
  const socketDir = join(dir, 'sock');
  const logFile = join(dir, 'server.log');
  mkdirSync(socketDir);
  if (asRoot) {
    const { uid, gid } = osUser(POSTGRES_OS_USER);
    chownSync(dir, uid, gid);
    chownSync(socketDir, uid, gid);
  }
  /** Runs a server binary, as the `postgres` OS user when this process is root. */
  const pg = (tool: string, args: string[]): Promise<unknown> =>
    asRoot
      ? run('runuser', ['-u', POSTGRES_OS_USER, '--', join(bin, tool), ...args], { cwd: dir })
      : run(join(bin, tool), args, { cwd: dir });

  try {
    await pg('initdb', [
      ...['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C'],
      ...['--no-sync', '--no-instructions'],
    ]);
    const port = await startOnFreePort({ pg, dataDir, socketDir, logFile });
    let stopped = false;
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      async stop() {
        if (stopped) return;
        stopped = true;
        try {
          await pg('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w']);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (err) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2_000) : '';
    rmSync(dir, { recursive: true, force: true });
    throw new TestPostgresError(
      `could not start a test PostgreSQL server: ${messageOf(err)}${log ? `\nserver log:\n${log}` : ''}`,
      { cause: err },
    );
  }
}

/** A free port can be taken by someone else between probing and binding: try a few. */
async function startOnFreePort(input: {
  pg: (tool: string, args: string[]) => Promise<unknown>;
  dataDir: string;
  socketDir: string;
  logFile: string;
}): Promise<number> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const options = [
      `-p ${port}`,
      `-k ${input.socketDir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ');
    try {
      await input.pg('pg_ctl', [
        'start',
        '-w',
        '-t',
        '30',
        '-D',
        input.dataDir,
        '-l',
        input.logFile,
        '-o',
        options,
      ]);
      return port;
    } catch (err) {
      lastError = err;
    }
  }
  throw lastError;
}

/** The folder holding initdb/pg_ctl: the newest version under /usr/lib/postgresql, or PATH. */
function postgresBinDir(): string {
  const versions = existsSync(DEBIAN_POSTGRES_ROOT)
    ? readdirSync(DEBIAN_POSTGRES_ROOT)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const candidates = [
    ...versions.map((v) => join(DEBIAN_POSTGRES_ROOT, v, 'bin')),
    ...(process.env['PATH'] ?? '').split(':').filter(Boolean),
  ];
  const found = candidates.find((d) => existsSync(join(d, 'initdb')) && existsSync(join(d, 'pg_ctl')));
  if (!found)
    throw new TestPostgresError(
      `PostgreSQL server binaries (initdb, pg_ctl) not found in ${DEBIAN_POSTGRES_ROOT}/*/bin or on PATH; ` +
        'install them with `apt-get install -y postgresql` (scripts/setup.sh does this)',
    );
  return found;
}

function osUser(name: string): { uid: number; gid: number } {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch (err) {
    throw new TestPostgresError(
      `the OS user "${name}" does not exist; install the server with \`apt-get install -y postgresql\``,
      { cause: err },
    );
  }
}

function messageOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const stderr = (err as Error & { stderr?: unknown }).stderr;
  return typeof stderr === 'string' && stderr.trim()
    ? `${err.message.split('\n')[0] ?? ''}: ${stderr.trim()}`
    : err.message;
}
