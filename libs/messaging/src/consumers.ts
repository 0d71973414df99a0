import {
  consumeSubjectOf,
  logRecordEvent,
  runCompleted,
  runNeedsInput,
  runStart,
  runStep,
} from '@forage/contracts';
import { streams } from './streams.js';

/** A durable pull consumer's server-side configuration: provisioned by the admin, bound by its service. */
export interface DurableConsumerSpec {
  /** Stream that holds the subject (see `streams`). */
  readonly stream: string;
  /** Durable consumer name; replicas sharing it share the work. */
  readonly consumer: string;
  /** The one subject it is filtered to. */
  readonly subject: string;
  /** Deliveries before the message goes to the dead-letter subject. */
  readonly maxDeliver?: number;
  /** How long one message may be worked on before redelivery (keep above the slowest handler). */
  readonly ackWaitMs?: number;
  /** Messages delivered and not yet acknowledged, across all replicas, before the server stops delivering. */
  readonly maxAckPending?: number;
}

/**
 * Every durable consumer of Forage. A consumer's configuration (a push consumer's deliver subject
 * above all) cannot be policed by subject permissions, so only the admin identity creates or
 * changes one (`provisionBus`); each service binds to its own by name and may pull and ack only there.
 */
export const durableConsumers = {
  /** One delivery per run attempt plus a last one that ends the run `failed` (RUN_ATTEMPTS). */
  orchestratorRuns: {
    stream: streams.runs.name,
    consumer: 'orchestrator',
    subject: runStart.subject,
    maxDeliver: 5,
    ackWaitMs: 60_000,
  },
  /** 2,500 unacked records: 4 batches of 500 in flight and one arriving (logging's record handler). */
  loggingRecords: {
    stream: streams.logs.name,
    consumer: 'logging',
    subject: consumeSubjectOf(logRecordEvent),
    maxAckPending: 2_500,
  },
  loggingRunHistory: {
    stream: streams.runs.name,
    consumer: 'logging-run-history',
    subject: runStart.subject,
  },
  loggingRunSteps: {
    stream: streams.runEvents.name,
    consumer: 'logging-run-history-steps',
    subject: runStep.subject,
  },
  loggingRunInput: {
    stream: streams.runEvents.name,
    consumer: 'logging-run-history-input',
    subject: runNeedsInput.subject,
  },
  loggingRunCompletions: {
    stream: streams.runEvents.name,
    consumer: 'logging-run-history-completions',
    subject: runCompleted.subject,
  },
} as const satisfies Record<string, DurableConsumerSpec>;
