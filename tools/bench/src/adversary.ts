/**
 * test:adversary — starts a per-service stack (`forage up --processes per-service` from dist/) and,
 * with each service's own NATS credentials in turn, tries every attack of the adversary table
 * (@forage/testing: republish, stream update and mirror, purge and delete, consumer delete, create
 * and read, KV put and read, chain-head move, evidence purge, forged producer, verdict and
 * completion). A genuine question runs before and after, so the stack is shown to work on the
 * same permissions and to be unharmed, and `forage audit verify` must find the log intact. Last,
 * the forged-verdict repro: the operator records an unsigned verdict and a completion citing it;
 * `forage show` must not show it verified and `forage audit verify` must name it. Every stream,
 * bucket and object store of the stack must carry its storage quota (unbounded_stores=0).
 *   npm run test:adversary
 * Ends with: RESULT attempts=… held=… failed=…  (exit 1 when any attempt was not held)
 */
import { join } from 'node:path';
import { generateSandbox } from '@forage/sandbox';
import { adversaryResultLine, ATTACKS, runAttacks, unboundedStores } from '@forage/testing';
import { startOneMachine } from './chaos/one-machine.js';
import { sandboxTasks } from './sandbox-eval/tasks.js';
import { forgedVerdictRepro } from './adversary/forged-verdict-repro.js';
import {
  auditVerify,
  connectAsAdmin,
  connectAsService,
  genuineRun,
  storedRecordOf,
} from './adversary/stack-access.js';

const root = join(import.meta.dirname, '..', '..', '..');
const t0 = Date.now();
const log = (line: string): void => {
  console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${line}`);
};

log('starting a per-service stack (forage up --processes per-service)');
const stack = await startOneMachine({ root, env: { FORAGE_PROCESSES: 'per-service' } });
let exitCode = 1;
try {
  const state = stack.state();
  log(`stack up: ${String(state.processes.length)} service processes, NATS ${state.natsUrl}`);
  const origin = (name: string): string => state.sandbox.find((s) => s.name === name)?.origin ?? '';
  const task = sandboxTasks(generateSandbox(), {
    wiki: origin('wiki'),
    hotels: origin('hotels'),
    shop: origin('shop'),
  })[0];
  if (!task) throw new Error('no sandbox task');
  const genuine = {
    gatewayUrl: state.gatewayUrl,
    question: task.question,
    ...(task.urls ? { urls: task.urls } : {}),
    deadlineMs: 180_000,
  };
  const before = await genuineRun(genuine);
  log(`genuine run before the attacks: ${before.state}, gate ${before.gate}`);
  const admin = await connectAsAdmin(stack);
  const results = await runAttacks({
    attacks: ATTACKS,
    admin,
    connect: (identity) => connectAsService(stack, identity),
    storedRecord: storedRecordOf(admin),
    onResult: (r) => {
      log(
        `${r.outcome.held ? 'held  ' : 'FAILED'} ${r.attack} as ${r.attacker}: ${r.outcome.held ? r.outcome.how : r.outcome.effect}`.slice(
          0,
          300,
        ),
      );
    },
  });
  const after = await genuineRun(genuine);
  log(`genuine run after the attacks: ${after.state}, gate ${after.gate}`);
  const stackWorks = before.state === 'answered' && after.state === 'answered';
  if (!stackWorks) log('FAILED: a genuine run did not answer on the new permissions');
  const unbounded = await unboundedStores(admin);
  log(
    `storage quotas: ${unbounded.length === 0 ? 'every stream, bucket and object store bounded' : unbounded.join('; ')}`,
  );
  const audit = await auditVerify(stack.dataDir);
  log(`forage audit verify after the attacks: exit ${String(audit.code)}; ${audit.last}`);
  const repro = await forgedVerdictRepro({
    dataDir: stack.dataDir,
    gatewayUrl: state.gatewayUrl,
    admin,
    runId: before.runId,
  });
  log(`forged-verdict repro (operator identity, no signing key): ${repro.detail}`);
  await admin.close();
  const reproHeld = !repro.shownVerified && repro.auditNamed;
  console.log(
    `${adversaryResultLine(results)} genuine_before=${before.state} genuine_after=${after.state} audit_after_attacks=${audit.code === 0 ? 'intact' : 'broken'} forged_verdict_shown_verified=${repro.shownVerified ? 'yes' : 'no'} forged_verdict_named_by_audit=${repro.auditNamed ? 'yes' : 'no'} unbounded_stores=${String(unbounded.length)}`,
  );
  exitCode =
    results.every((r) => r.outcome.held) &&
    stackWorks &&
    audit.code === 0 &&
    reproHeld &&
    unbounded.length === 0
      ? 0
      : 1;
} catch (err) {
  console.error(err);
  console.error(stack.output().slice(-4000));
} finally {
  await stack.stop();
}
process.exit(exitCode);
