/**
 * Reads back what a chaos or cluster run left: the completions (FORAGE_RUN_EVENTS), every log
 * record JetStream accepted (FORAGE_LOGS), and what the log store returns for each run
 * (log.query.v1), in the shapes audit.ts judges.
 */
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  consumeSubjectOf,
  deadLetterEvent,
  logRecordEvent,
  logRecordSchema,
  queryLogs,
  runCompleted,
} from '@forage/contracts';
import { Bus, decodeJson, streams } from '@forage/messaging';
import type { SeenCompletion, SeenRecord } from './audit.js';

/**
 * Every message of one subject in a stream, oldest first, read by sequence through the stream
 * leader (no consumer: after a node is killed an ephemeral consumer may be placed on it and never
 * answer). Each read is retried, so a leader election in between does not lose a message.
 */
export async function readSubject(nc: NatsConnection, stream: string, subject: string): Promise<unknown[]> {
  const wanted = subjectFilter(subject);
  const jsm = await jetstreamManager(nc, { timeout: 20_000 });
  const info = await retry(() => jsm.streams.info(stream));
  const { first_seq: first, last_seq: last } = info.state;
  const out: unknown[] = [];
  const BATCH = 32;
  for (let seq = first; seq <= last && last > 0; seq += BATCH) {
    const seqs = Array.from({ length: Math.min(BATCH, last - seq + 1) }, (_, i) => seq + i);
    const messages = await Promise.all(
      seqs.map((s) => retry(() => jsm.streams.getMessage(stream, { seq: s }).catch(notFoundAsNull))),
    );
    for (const m of messages) if (m && wanted(m.subject)) out.push(decodeJson(m.data));
  }
  return out;
}

/** A NATS subject filter as a test: `*` stands for one token, `>` for one or more at the end. */
export function subjectFilter(filter: string): (subject: string) => boolean {
  const want = filter.split('.');
  return (subject) => {
    const got = subject.split('.');
    for (let i = 0; i < want.length; i++) {
      if (want[i] === '>') return got.length > i;
      if (i >= got.length || (want[i] !== '*' && want[i] !== got[i])) return false;
    }
    return got.length === want.length;
  };
}

function notFoundAsNull(err: unknown): null {
  // a sequence the stream no longer holds (deleted, or beyond max age)
  if (err instanceof Error && /no message found|not found/i.test(err.message)) return null;
  throw err;
}

async function retry<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (err) {
      if (attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 1_000 * attempt));
    }
  }
}

export async function readCompletions(nc: NatsConnection): Promise<SeenCompletion[]> {
  const raw = await readSubject(nc, streams.runEvents.name, runCompleted.subject);
  const out: SeenCompletion[] = [];
  for (const item of raw) {
    const parsed = runCompleted.payload.safeParse(item);
    if (!parsed.success) continue;
    const c = parsed.data;
    out.push({
      runId: c.runId,
      outcome: c.outcome,
      failures: c.failures,
      citedRecordIds: c.answer?.citations.map((x) => x.logRecordId) ?? [],
    });
  }
  return out;
}

/** The parts of a log record (as published or as stored) the audit reads. */
interface RecordLike {
  readonly record_id: string;
  readonly run_id: string;
  readonly tool_name: string;
  readonly output: { readonly data: Record<string, unknown> };
}

export function seenRecord(r: RecordLike): SeenRecord {
  const key = r.output.data['idempotencyKey'];
  return {
    recordId: r.record_id,
    runId: r.run_id,
    tool: r.tool_name,
    ...(typeof key === 'string' ? { idempotencyKey: key } : {}),
  };
}

export async function readPublishedRecords(nc: NatsConnection): Promise<SeenRecord[]> {
  // every producer's subject (log.record.v1.<tool>): the bare subject is published by no one
  const raw = await readSubject(nc, streams.logs.name, consumeSubjectOf(logRecordEvent));
  return raw.flatMap((item) => {
    const parsed = logRecordSchema.safeParse(item);
    return parsed.success ? [seenRecord(parsed.data)] : [];
  });
}

/** What the log store holds for each run, and the runs whose chain did not verify. */
export async function readStoredRecords(
  nc: NatsConnection,
  runIds: readonly string[],
): Promise<{ stored: SeenRecord[]; brokenChains: string[]; unreadable: string[] }> {
  const bus = new Bus(nc, { timeoutMs: 30_000 });
  const stored: SeenRecord[] = [];
  const brokenChains: string[] = [];
  const unreadable: string[] = [];
  for (const runId of runIds) {
    try {
      const reply = await bus.request(queryLogs, { runId, limit: 1000 });
      stored.push(...reply.records.map(seenRecord));
      if (!reply.chain.valid) brokenChains.push(runId);
    } catch (err) {
      unreadable.push(`${runId}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { stored, brokenChains, unreadable };
}

/** Dead letters (FORAGE_DLQ) whose message names one of `runIds`: why a run may never have ended. */
export async function deadLettersOf(
  nc: NatsConnection,
  runIds: readonly string[],
): Promise<{ runId: string; consumer: string; subject: string; deliveries: number; reason: string }[]> {
  const raw = await readSubject(nc, streams.deadLetters.name, deadLetterEvent.subject);
  return raw.flatMap((item) => {
    const parsed = deadLetterEvent.payload.safeParse(item);
    if (!parsed.success) return [];
    const d = parsed.data;
    const runId = runIds.find((id) => d.body.includes(id));
    return runId
      ? [{ runId, consumer: d.consumer, subject: d.subject, deliveries: d.deliveries, reason: d.reason }]
      : [];
  });
}
