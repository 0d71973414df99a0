import pg from 'pg';
import type {
  CommandRequest,
  EventPayload,
  RunDetail,
  RunsPage,
  RunSummary,
  listRuns,
} from '@forage/contracts';
import { NEEDS_INPUT_STEP_PREFIX, runCompleted, runNeedsInput, runStart, runStep } from '@forage/contracts';
import { InvalidRequestError } from '@forage/messaging';
import type { LoggingConfig } from '../config.js';
import { openSharedPglite } from '../adapters/pglite-log-repository.js';
import { poolClient } from '../adapters/pg-log-repository.js';
import type { SqlClient } from '../adapters/sql-client.js';
import { decodeRunsCursor, encodeRunsCursor } from './run-cursor.js';

/** Any number that is the same in every replica: replicas sharing a database create the table once. */
const SCHEMA_LOCK = 7_808_101;

const SCHEMA = `
  create table if not exists run_history (
    run_id       text primary key,
    question     text not null default '',
    status       text not null default 'queued',
    outcome      text,
    answer       text,
    requested_at timestamptz not null,
    completed_at timestamptz,
    duration_ms  double precision,
    steps        integer not null default 0,
    owner        text,
    completion   text,
    updated_at   timestamptz not null default clock_timestamp()
  );
  alter table run_history add column if not exists asked_at timestamptz;
  alter table run_history add column if not exists last_step_at timestamptz;
  create index if not exists run_history_requested on run_history (requested_at desc, run_id desc);
  create index if not exists run_history_owner on run_history (owner, requested_at desc, run_id desc);
`;

interface Row {
  run_id: string;
  question: string;
  status: RunSummary['status'];
  outcome: RunSummary['outcome'];
  answer: string | null;
  requested_at: Date | string;
  completed_at: Date | string | null;
  duration_ms: number | null;
  steps: number;
  owner: string | null;
  completion?: string | null;
}

const SUMMARY_COLUMNS =
  'run_id, question, status, outcome, answer, requested_at, completed_at, duration_ms, steps, owner';

/**
 * The runs history in PostgreSQL (a server with DATABASE_URL, else the embedded PGlite database the log
 * uses, shared in-process): one row per run, written from the run lifecycle events in any order.
 */
export class RunHistoryStore {
  private constructor(private readonly db: SqlClient) {}

  static async open(config: LoggingConfig): Promise<RunHistoryStore> {
    const db = config.DATABASE_URL
      ? poolClient(new pg.Pool({ connectionString: config.DATABASE_URL, max: 2 }))
      : await openSharedPglite(config.LOGGING_DATA_DIR);
    try {
      await db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
        await tx.exec(SCHEMA);
      });
    } catch (err) {
      await db.close().catch(() => undefined);
      throw err;
    }
    return new RunHistoryStore(db);
  }

  async started(event: EventPayload<typeof runStart>): Promise<void> {
    await this.db.query(
      `insert into run_history (run_id, question, requested_at) values ($1, $2, $3)
       on conflict (run_id) do update set question = excluded.question, requested_at = excluded.requested_at,
         updated_at = clock_timestamp()`,
      [event.runId, event.question, event.requestedAt],
    );
  }

  /** A step after the run's last question means it resumed (or never waited). */
  async stepped(event: EventPayload<typeof runStep>): Promise<void> {
    await this.db.query(
      `insert into run_history (run_id, status, steps, requested_at, last_step_at) values ($1, 'running', $2, $3, $4)
       on conflict (run_id) do update set
         last_step_at = greatest(run_history.last_step_at, excluded.last_step_at),
         status = case
           when run_history.status = 'queued' then 'running'
           when run_history.status = 'needs_input' and excluded.last_step_at >= run_history.asked_at then 'running'
           else run_history.status end,
         steps = greatest(run_history.steps, excluded.steps), updated_at = clock_timestamp()`,
      // the announcement of a question is not a sign the run went on
      [
        event.runId,
        event.seq + 1,
        event.at,
        event.detail.startsWith(NEEDS_INPUT_STEP_PREFIX) ? null : event.at,
      ],
    );
  }

  /** Waiting for the user, unless completed or a later step shows it went on. */
  async neededInput(event: EventPayload<typeof runNeedsInput>): Promise<void> {
    await this.db.query(
      `insert into run_history (run_id, status, requested_at, asked_at) values ($1, 'needs_input', $2, $2)
       on conflict (run_id) do update set
         asked_at = greatest(run_history.asked_at, excluded.asked_at),
         status = case
           when run_history.status = 'completed' then run_history.status
           when run_history.last_step_at > excluded.asked_at then run_history.status
           else 'needs_input' end,
         updated_at = clock_timestamp()`,
      [event.runId, event.askedAt],
    );
  }

  /** The first completion of a run wins; a redelivery changes nothing. */
  async completed(event: EventPayload<typeof runCompleted>): Promise<void> {
    const requestedAt = new Date(Date.parse(event.completedAt) - event.durationMs).toISOString();
    await this.db.query(
      `insert into run_history (run_id, status, outcome, answer, requested_at, completed_at, duration_ms, completion)
         values ($1, 'completed', $2, $3, $4, $5, $6, $7)
       on conflict (run_id) do update set status = 'completed', outcome = excluded.outcome,
         answer = excluded.answer, completed_at = excluded.completed_at, duration_ms = excluded.duration_ms,
         completion = excluded.completion, updated_at = clock_timestamp()
       where run_history.completion is null`,
      [
        event.runId,
        event.outcome,
        event.answer?.text ?? null,
        requestedAt,
        event.completedAt,
        event.durationMs,
        JSON.stringify(event),
      ],
    );
  }

  /** Records the owner; a run already owned by someone else keeps its owner. */
  async claim(input: { runId: string; owner: string; question: string }): Promise<string> {
    const rows = await this.db.query<{ owner: string }>(
      `insert into run_history (run_id, question, owner, requested_at) values ($1, $2, $3, date_trunc('milliseconds', clock_timestamp()))
       on conflict (run_id) do update set owner = coalesce(run_history.owner, excluded.owner)
       returning owner`,
      [input.runId, input.question, input.owner],
    );
    return rows[0]?.owner ?? input.owner;
  }

  async list(request: CommandRequest<typeof listRuns>): Promise<RunsPage> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (clause: (p: string) => string, value: unknown): void => {
      params.push(value);
      where.push(clause(`$${String(params.length)}`));
    };
    if (request.status) add((p) => `status = ${p}`, request.status);
    if (request.outcome) add((p) => `outcome = ${p}`, request.outcome);
    if (request.since) add((p) => `requested_at >= ${p}`, request.since);
    if (request.until) add((p) => `requested_at < ${p}`, request.until);
    if (request.owner) add((p) => `owner = ${p}`, request.owner);
    if (request.runIds) add((p) => `run_id = any(${p})`, request.runIds);
    if (request.cursor) {
      const cursor = decodeRunsCursor(request.cursor);
      if (!cursor) throw new InvalidRequestError('cursor is not one this service returned');
      params.push(cursor.requestedAt, cursor.runId);
      where.push(`(requested_at, run_id) < ($${String(params.length - 1)}, $${String(params.length)})`);
    }
    params.push(request.limit + 1);
    const rows = await this.db.query<Row>(
      `select ${SUMMARY_COLUMNS} from run_history ${where.length ? `where ${where.join(' and ')}` : ''}
       order by requested_at desc, run_id desc limit $${String(params.length)}`,
      params,
    );
    const runs = rows.slice(0, request.limit).map(summaryOf);
    const last = runs.at(-1);
    return {
      runs,
      nextCursor:
        rows.length > request.limit && last
          ? encodeRunsCursor({ requestedAt: last.requestedAt, runId: last.runId })
          : null,
    };
  }

  async get(runId: string): Promise<RunDetail | null> {
    const rows = await this.db.query<Row>(
      `select ${SUMMARY_COLUMNS}, completion from run_history where run_id = $1`,
      [runId],
    );
    const row = rows[0];
    if (!row) return null;
    const completion = row.completion
      ? runCompleted.payload.safeParse(JSON.parse(row.completion))
      : undefined;
    return { summary: summaryOf(row), completion: completion?.success ? completion.data : null };
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function summaryOf(row: Row): RunSummary {
  return {
    runId: row.run_id,
    question: row.question,
    status: row.status,
    outcome: row.outcome,
    answer: row.answer,
    requestedAt: iso(row.requested_at),
    completedAt: row.completed_at === null ? null : iso(row.completed_at),
    durationMs: row.duration_ms,
    steps: row.steps,
    owner: row.owner,
  };
}
