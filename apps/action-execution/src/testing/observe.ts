import { execFileSync } from 'node:child_process';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { pino } from 'pino';
import { logRecordSchema, type LogRecord } from '@forage/contracts';
import { streams } from '@forage/messaging';
import type { Logger } from '@forage/observability';

/** Every log record in the FORAGE_LOGS stream, read straight from JetStream. */
export async function readLogRecords(nc: NatsConnection): Promise<LogRecord[]> {
  const jsm = await jetstreamManager(nc);
  const { state } = await jsm.streams.info(streams.logs.name);
  const records: LogRecord[] = [];
  for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq += 1) {
    const msg = await jsm.streams.getMessage(streams.logs.name, { seq });
    if (msg) records.push(logRecordSchema.parse(msg.json()));
  }
  return records;
}

/** Collects every JSON line the service's logger writes from now on (and keeps them off stdout). */
export function captureLogLines(logger: Logger): string[] {
  const lines: string[] = [];
  const stream = (logger as unknown as Record<symbol, { write: (chunk: string) => boolean }>)[
    pino.symbols.streamSym
  ];
  if (!stream) throw new Error('the logger has no stream to capture');
  stream.write = (chunk: string) => {
    lines.push(chunk);
    return true;
  };
  return lines;
}

/** Processes under `rootPid` whose command line names Chromium. */
export function chromiumProcessesUnder(rootPid: number): string[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3] ?? '' }));
  const under = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (under.has(row.ppid) && !under.has(row.pid)) {
        under.add(row.pid);
        grew = true;
      }
    }
  }
  return rows
    .filter((r) => r.pid !== rootPid && under.has(r.pid) && /chrom/i.test(r.args))
    .map((r) => `${r.pid} ${r.args.slice(0, 80)}`);
}

/** Polls until `check` returns true or `timeoutMs` passes. */
export async function eventually(check: () => boolean, timeoutMs = 5_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}
