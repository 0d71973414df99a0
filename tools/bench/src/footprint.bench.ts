/**
 * bench:footprint — the memory of the one-machine stack as `forage up` runs it: PSS (each shared
 * page divided among its sharers, so the sum counts a page once) summed over the whole process tree
 * of `forage up` (services, nats-server, the sandbox web, Chromium), at idle and after one question,
 * with the share of each service printed above the RESULT line.
 *   npm run bench:footprint      the stack `forage up` starts by default (every service in one Node
 *                                process); targets from issue 13: idle ≤ 600 MB, one question ≤ 1,200 MB
 *   npm run bench:footprint -- --processes per-service
 *                                `forage up --processes per-service`: each service its own process
 *   npm run bench:footprint -- --store postgres
 *                                the log store (and runs history) on a PostgreSQL server instead of the
 *                                embedded PGlite: the server's processes are counted too
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parsePss, processTree, readProcessTable, type ProcStat } from '@forage/browser';
import { SETTINGS } from '@forage/config';
import { generateSandbox, sandboxFacts, type CountryFact } from '@forage/sandbox';
import { startTestPostgres, type RunningPostgres } from '@forage/testing';

const root = join(import.meta.dirname, '..', '..', '..');
const cli = join(root, 'apps', 'cli', 'dist', 'main.js');
const MB = 1_048_576;

interface Sample {
  readonly totalMb: number;
  readonly processes: number;
  readonly byPart: ReadonlyMap<string, { mb: number; processes: number }>;
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function pssOf(pid: number): number {
  try {
    return parsePss(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')) ?? 0;
  } catch {
    return 0;
  }
}

/** What a process belongs to: its own service, or the nearest ancestor's (Chromium → the service that launched it). */
function partOf(entry: ProcStat, byPid: ReadonlyMap<number, ProcStat>, supervisor: number): string {
  for (let p: ProcStat | undefined = entry; p; p = byPid.get(p.ppid)) {
    if (p.pid === supervisor) return 'forage up (supervisor)';
    const cmd = cmdline(p.pid);
    if (/postgres/.test(cmd) && / -p \d+/.test(cmd)) return 'postgresql server';
    const service = /apps\/([a-z-]+)\/dist\/main\.js/.exec(cmd)?.[1];
    if (service) return service;
    if (cmd.includes('one-process-host.js')) return 'every service (one process)';
    if (cmd.includes('nats-server')) return 'nats-server';
    if (cmd.includes('libs/sandbox/dist/main.js')) return 'sandbox web';
  }
  return 'other';
}

/** The PostgreSQL server listening on `port` (its postmaster and every backend), when the store is one. */
function postgresRoots(port: number | undefined, table: readonly ProcStat[]): number[] {
  if (port === undefined) return [];
  return table
    .filter((p) => cmdline(p.pid).includes(`-p ${String(port)}`) && /postgres/.test(cmdline(p.pid)))
    .map((p) => p.pid);
}

function sample(supervisor: number, postgresPort?: number): Sample {
  const table = readProcessTable();
  const roots = [supervisor, ...postgresRoots(postgresPort, table)];
  const tree = roots.flatMap((root) => processTree(root, table)).filter((p) => p.state !== 'Z');
  const byPid = new Map(tree.map((p) => [p.pid, p]));
  const byPart = new Map<string, { mb: number; processes: number }>();
  let total = 0;
  for (const p of tree) {
    const mb = pssOf(p.pid) / MB;
    total += mb;
    const part = partOf(p, byPid, supervisor);
    const current = byPart.get(part) ?? { mb: 0, processes: 0 };
    byPart.set(part, { mb: current.mb + mb, processes: current.processes + 1 });
  }
  return { totalMb: total, processes: tree.length, byPart };
}

function print(label: string, s: Sample): void {
  console.log(`${label}: ${s.totalMb.toFixed(0)} MB PSS over ${s.processes} processes`);
  for (const [part, v] of [...s.byPart].sort((a, b) => b[1].mb - a[1].mb)) {
    console.log(`  ${part.padEnd(24)} ${v.mb.toFixed(0).padStart(6)} MB  (${v.processes} processes)`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      store: { type: 'string', default: 'pglite' },
      // forage up's own default unless given
      processes: { type: 'string', default: SETTINGS.processes.schema.parse(undefined) },
    },
  });
  if (values.store !== 'pglite' && values.store !== 'postgres')
    throw new Error(`--store must be pglite or postgres, not ${values.store}`);
  const postgres: RunningPostgres | undefined =
    values.store === 'postgres' ? await startTestPostgres() : undefined;
  const postgresPort = postgres ? Number(new URL(postgres.url).port) : undefined;
  const data = mkdtempSync(join(tmpdir(), 'forage-footprint-'));
  const port = 18_000 + Math.floor(Math.random() * 500);
  const up = spawn(process.execPath, [cli, 'up', '--data-dir', data, '--port', String(port)], {
    stdio: 'pipe',
    env: {
      ...process.env,
      FORAGE_PROCESSES: values.processes,
      // a measurement, not a start-up race: a busy machine may need longer than the default
      FORAGE_START_TIMEOUT_SECONDS: '600',
      ...(postgres ? { FORAGE_DATABASE_URL: postgres.url } : {}),
    },
  });
  let output = '';
  up.stdout.on('data', (c: Buffer) => (output += c.toString()));
  up.stderr.on('data', (c: Buffer) => (output += c.toString()));
  try {
    const deadline = Date.now() + 660_000;
    while (!output.includes('Forage is up')) {
      if (up.exitCode !== null || Date.now() > deadline)
        throw new Error(`forage up did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const supervisor = up.pid ?? 0;
    // let start-up garbage be collected and indexes settle before the idle sample
    await new Promise((r) => setTimeout(r, 10_000));
    const idle = sample(supervisor, postgresPort);
    print('idle', idle);

    const country = sandboxFacts(generateSandbox()).find((f): f is CountryFact => f.kind === 'country');
    const ask = spawnSync(
      process.execPath,
      [cli, 'ask', '--data-dir', data, `What is the population of ${country?.name ?? ''}?`],
      { encoding: 'utf8', timeout: 180_000 },
    );
    if (ask.status !== 0)
      throw new Error(`forage ask failed (${String(ask.status)}):\n${ask.stdout}\n${ask.stderr}`);
    await new Promise((r) => setTimeout(r, 3_000));
    const after = sample(supervisor, postgresPort);
    print('after one question', after);
    console.log(
      `RESULT processes_mode=${values.processes} store=${values.store} idle_mb=${idle.totalMb.toFixed(0)} one_question_mb=${after.totalMb.toFixed(0)} processes=${after.processes}`,
    );
  } finally {
    if (up.exitCode === null) {
      up.kill('SIGINT');
      await new Promise((r) => up.once('exit', r));
    }
    rmSync(data, { recursive: true, force: true });
    await postgres?.stop();
  }
}

await main();
