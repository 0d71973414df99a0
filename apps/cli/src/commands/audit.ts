import { auditLog, type CommandReply } from '@forage/contracts';
import { Bus } from '@forage/messaging';
import { connectToStack, withStack } from '../stack/connect.js';
import type { RemoteStack } from '../stack/connect.js';
import { EX_USAGE } from './exit-codes.js';

type AuditReply = CommandReply<typeof auditLog>;

/** sysexits: a usage error, and a service that is not running. */
/** Exit code when the audit found anomalies (distinct from 1: the command itself failed). */
export const EX_ANOMALIES = 3;
/** A full audit of a large log reads every row: allow it the time it takes. */
const AUDIT_TIMEOUT_MS = 30 * 60_000;

/**
 * `forage audit verify [--from N] [--json]`: asks the stack's logging service to walk the whole
 * chain (from seq N) and prints every edited, deleted, reordered, inserted or truncated record by
 * sequence number. Exit 0 when the chain is intact, EX_ANOMALIES when it is not.
 */
export async function auditVerify(input: {
  natsUrl: string;
  fromSeq?: number;
  json: boolean;
  write: (line: string) => void;
}): Promise<number> {
  const nc = await connectToStack(input.natsUrl, 'audit');
  try {
    const bus = new Bus(nc, { timeoutMs: AUDIT_TIMEOUT_MS });
    const reply = await bus.request(auditLog, { fromSeq: input.fromSeq ?? 1 });
    if (input.json) input.write(JSON.stringify(reply));
    else for (const line of auditLines(reply)) input.write(line);
    return reply.valid ? 0 : EX_ANOMALIES;
  } finally {
    await nc.drain();
  }
}

/** The audit as a person reads it: one line per anomaly, then a summary. */
export function auditLines(reply: AuditReply): string[] {
  const range = reply.checked === 0 ? 'no rows' : `seq ${reply.fromSeq}..${reply.lastSeq}`;
  const head = reply.head ? `chain head at seq ${reply.head.seq}` : 'no chain head recorded yet';
  const lines = reply.anomalies.map((a) => {
    const where = a.toSeq > a.seq ? `seq ${a.seq}..${a.toSeq}` : `seq ${a.seq}`;
    return `${where}: ${a.kind} (${a.detail})`;
  });
  if (reply.moreAnomalies > 0) lines.push(`… and ${reply.moreAnomalies} more anomalies`);
  for (const f of reply.verdicts?.forged ?? []) {
    lines.push(`seq ${f.seq}: forged verdict (${f.problem}) — record ${f.recordId}, run ${f.runId}`);
  }
  if (reply.verdicts) {
    const forged = reply.verdicts.forged.length;
    lines.push(
      forged === 0
        ? `verdicts signed: ${reply.verdicts.checked} of ${reply.verdicts.checked}`
        : `verdicts not signed by the verifier: ${forged} of ${reply.verdicts.checked}`,
    );
  }
  const count = reply.anomalies.length + reply.moreAnomalies;
  lines.push(
    reply.anomalies.length + reply.moreAnomalies === 0
      ? `chain intact: ${reply.checked} records checked (${range}), ${head}`
      : `chain broken: ${count} ${count === 1 ? 'anomaly' : 'anomalies'} in ${reply.checked} records checked (${range}), ${head}`,
  );
  return lines;
}

/** `forage audit <verify> …` from parsed arguments: finds the running stack's NATS and runs the audit. */
export async function auditCommand(input: {
  positionals: readonly string[];
  dataDir: string;
  /** A deployed stack (`--nats URL --creds FILE`) instead of the one running in dataDir. */
  remote?: RemoteStack | undefined;
  from: string | undefined;
  json: boolean;
  write: (line: string) => void;
  warn: (line: string) => void;
}): Promise<number> {
  const [action] = input.positionals;
  const fromSeq = input.from === undefined ? 1 : Number(input.from);
  if (action !== 'verify' || !Number.isSafeInteger(fromSeq) || fromSeq < 1) {
    input.warn(
      'usage: forage audit verify [--from N] [--json]   (N: the first sequence number to check, ≥ 1)',
    );
    return EX_USAGE;
  }
  return withStack(
    { dataDir: input.dataDir, command: 'audit', warn: input.warn, remote: input.remote },
    (_nc, stack) => auditVerify({ natsUrl: stack.natsUrl, fromSeq, json: input.json, write: input.write }),
  );
}
