import { queryLogs, type CommandReply } from '@forage/contracts';
import { Bus } from '@forage/messaging';
import { withStack } from '../stack/connect.js';
import type { RemoteStack } from '../stack/connect.js';
import { EX_USAGE } from './exit-codes.js';

type LogsReply = CommandReply<typeof queryLogs>;

const RUN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A run's log records as a person reads them: one line each in chain order, then the chain verdict. */
export function logLines(reply: LogsReply): string[] {
  const lines = reply.records.map(
    (r) =>
      `${String(r.seq).padStart(7)}  ${r.timestamp}  ${r.tool_name.padEnd(17)} ${r.status.padEnd(7)} ${r.confidence_score.toFixed(2)}  ${r.task_id}  (${r.metadata.execution_time_ms.toFixed(0)} ms, attempt ${String(r.metadata.attempt)})`,
  );
  for (const f of reply.failures ?? [])
    lines.push(`failed  seq ${String(f.seq)} ${f.tool}: ${f.category} — ${f.detail}`);
  if (reply.trace && !reply.trace.complete) {
    lines.push(`trace incomplete (${String(reply.trace.problems.length)} problem(s)):`);
    for (const p of reply.trace.problems) lines.push(`  ${p.kind}: ${p.detail}`);
  } else if (reply.trace) lines.push('trace complete: every action has one log record and one verification');
  const { chain } = reply;
  lines.push(
    chain.valid
      ? `${String(reply.records.length)} records; log chain intact (${String(chain.checked)} links verified)`
      : `${String(reply.records.length)} records; LOG CHAIN BROKEN at seq ${String(chain.brokenAtSeq)}: run \`forage audit verify\``,
  );
  return lines;
}

/** `forage logs <runId> [--json] [--tool T] [--status S] [--trace ID] [--since T] [--until T]`. */
export async function logsCommand(input: {
  positionals: readonly string[];
  dataDir: string;
  /** A deployed stack (`--nats URL --creds FILE`) instead of the one running in dataDir. */
  remote?: RemoteStack | undefined;
  json: boolean;
  /** Filters as typed: tool, status, traceId, since, until. */
  filter?: Readonly<Record<string, string | undefined>>;
  write: (line: string) => void;
  warn: (line: string) => void;
}): Promise<number> {
  const [runId] = input.positionals;
  if (!runId || !RUN_ID.test(runId)) {
    input.warn('usage: forage logs <runId> [--json]   (the run id `forage ask` printed)');
    return EX_USAGE;
  }
  const request = queryLogs.request.safeParse({
    runId,
    limit: 1000,
    ...Object.fromEntries(Object.entries(input.filter ?? {}).filter(([, v]) => v !== undefined)),
  });
  if (!request.success) {
    input.warn(
      `forage logs: ${request.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
    return EX_USAGE;
  }
  return withStack(
    { dataDir: input.dataDir, command: 'logs', warn: input.warn, remote: input.remote },
    async (nc) => {
      const reply = await new Bus(nc, { timeoutMs: 30_000 }).request(queryLogs, request.data);
      if (input.json) input.write(JSON.stringify(reply));
      else for (const line of logLines(reply)) input.write(line);
      return 0;
    },
  );
}
