import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import {
  logRecordEvent,
  producerSubjectOf,
  runCompleted,
  toolNameSchema,
  type LogRecord,
  type ToolName,
} from '@forage/contracts';
import { SERVICE_IDENTITIES, type ServiceIdentity } from '@forage/messaging';
import { aLogRecord } from '../../builders.js';
import { broken, held, refusal, type Attack, type AttackContext } from '../attack.js';

const tools = new Set<string>(toolNameSchema.options);

/** A tool other than the attacker: the one whose record it forges. */
function victimOf(attacker: ServiceIdentity): ToolName {
  return attacker === 'verifier' ? 'search' : 'verifier';
}

/**
 * A forged record must be refused on both paths: on the victim's subject (NATS refuses the
 * publish) and on the attacker's own subject with the victim's name in the body (logging refuses it).
 */
async function forge(ctx: AttackContext, attacker: ServiceIdentity, record: LogRecord): Promise<string[]> {
  const js = jetstream(await ctx.connectAs(attacker));
  const body = JSON.stringify(record);
  const failures: string[] = [];
  const onVictims = await refusal(() =>
    js.publish(producerSubjectOf(logRecordEvent, record.tool_name), body, {
      msgID: record.record_id,
      timeout: 3_000,
    }),
  );
  if (!onVictims) failures.push(`published on ${producerSubjectOf(logRecordEvent, record.tool_name)}`);
  if (tools.has(attacker)) {
    const second = { ...record, record_id: randomUUID() };
    await js.publish(producerSubjectOf(logRecordEvent, attacker), JSON.stringify(second), {
      msgID: second.record_id,
    });
    if (ctx.storedRecord && (await ctx.storedRecord({ runId: second.run_id, recordId: second.record_id }))) {
      failures.push(`logging stored a ${record.tool_name} record sent on ${attacker}'s subject`);
    }
  }
  if (ctx.storedRecord && (await ctx.storedRecord({ runId: record.run_id, recordId: record.record_id }))) {
    failures.push('logging stored the forged record');
  }
  return failures;
}

/** A log record in another tool's name (the issue: `tool_name: verifier` stored with the chain intact). */
export const forgedProducer: Attack = {
  name: 'forged-producer',
  description: 'publish a log record as another tool (on its subject, or on its own with the other name)',
  attackers: SERVICE_IDENTITIES,
  async attempt(ctx, attacker) {
    const victim = victimOf(attacker);
    const failures = await forge(
      ctx,
      attacker,
      aLogRecord({ tool_name: victim, producer: { tool: victim, instance: attacker } }),
    );
    return failures.length === 0
      ? held('refused on the victim subject; refused by logging on its own')
      : broken(failures.join('; '));
  },
};

/** A released verdict in the verifier's name for a run the attacker picks. */
export const forgedVerdict: Attack = {
  name: 'forged-verdict',
  description: "record a released verdict as the verifier's",
  attackers: SERVICE_IDENTITIES.filter((s) => s !== 'verifier'),
  async attempt(ctx, attacker) {
    const runId = randomUUID();
    const verdict = { runId, released: true, claims: [], failures: [] };
    const record = aLogRecord({
      tool_name: 'verifier',
      run_id: runId,
      task_id: `verify:${runId}`,
      output: { data: { verdict } },
      producer: { tool: 'verifier', instance: attacker },
    });
    const failures = await forge(ctx, attacker, record);
    return failures.length === 0
      ? held('no identity but the verifier records a verdict')
      : broken(failures.join('; '));
  },
};

/** A completion event from anyone but the orchestrator (the issue: a forged answer shown as verified). */
export const forgedCompletion: Attack = {
  name: 'forged-completion',
  description: `publish ${runCompleted.subject} without being the orchestrator`,
  attackers: SERVICE_IDENTITIES.filter((s) => s !== 'orchestrator'),
  async attempt(ctx, attacker) {
    const js = jetstream(await ctx.connectAs(attacker));
    const completion = {
      runId: randomUUID(),
      outcome: 'answered',
      answer: 'forged',
      failures: [],
      completedAt: new Date().toISOString(),
      durationMs: 1,
    };
    const refused = await refusal(() =>
      js.publish(runCompleted.subject, JSON.stringify(completion), {
        msgID: `${completion.runId}:completed`,
        timeout: 3_000,
      }),
    );
    return refused ? held(refused) : broken('a completion was stored in the run events stream');
  },
};
