import { VerdictVerifier } from '@forage/evidence';
import { answerQuestion, queryLogs, understandPage, verifyRun } from '@forage/contracts';
import { Bus } from '@forage/messaging';
import { withStack } from '../stack/connect.js';
import type { RemoteStack } from '../stack/connect.js';
import { EX_USAGE } from './exit-codes.js';
import { replayLines } from '../replay/compare.js';
import { replayRun, type ReplayTools } from '../replay/replay.js';

/** The replay ran and differs from the run: like `audit verify`, a finding, not a crash. */
const EX_DIFFERENT = 3;
const RUN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Replay tools over the bus (request/reply, validated by the contracts on both sides). */
export function busReplayTools(bus: Bus): ReplayTools {
  return {
    query: (r) => bus.request(queryLogs, r),
    understand: (r) => bus.request(understandPage, r),
    answer: (r) => bus.request(answerQuestion, r),
    verify: (r) => bus.request(verifyRun, r),
  };
}

/** `forage replay <runId> [--json]`: exit 0 when the replay reaches the same answer and verdicts, 3 when not. */
export async function replayCommand(input: {
  positionals: readonly string[];
  dataDir: string;
  /** A deployed stack (`--nats URL --creds FILE`) instead of the one running in dataDir. */
  remote?: RemoteStack | undefined;
  json: boolean;
  write: (line: string) => void;
  warn: (line: string) => void;
}): Promise<number> {
  const [runId] = input.positionals;
  if (!runId || !RUN_ID.test(runId)) {
    input.warn('usage: forage replay <runId> [--json]   (the run id `forage ask` printed)');
    return EX_USAGE;
  }
  return withStack(
    { dataDir: input.dataDir, command: 'replay', warn: input.warn, remote: input.remote },
    async (nc, stack) => {
      const signatures = stack.verdictPublicKey ? new VerdictVerifier(stack.verdictPublicKey) : undefined;
      const report = await replayRun(busReplayTools(new Bus(nc, { timeoutMs: 60_000 })), runId, signatures);
      if (input.json) input.write(JSON.stringify(report));
      else for (const line of replayLines(report)) input.write(line);
      return report.same ? 0 : EX_DIFFERENT;
    },
  );
}
