import {
  consumeSubjectOf,
  deadLetterEvent,
  logRecordEvent,
  runCompleted,
  runNeedsInput,
  runStart,
  runStep,
} from '@forage/contracts';

export interface StreamSpec {
  readonly name: string;
  readonly subjects: readonly string[];
  readonly maxAgeMs: number;
  readonly duplicateWindowMs: number;
}

const DAY = 86_400_000;

/** The JetStream streams Forage relies on; every service ensures them at boot. */
export const streams = {
  logs: {
    name: 'FORAGE_LOGS',
    subjects: [consumeSubjectOf(logRecordEvent)],
    maxAgeMs: 7 * DAY,
    duplicateWindowMs: 120_000,
  },
  runs: { name: 'FORAGE_RUNS', subjects: [runStart.subject], maxAgeMs: 7 * DAY, duplicateWindowMs: 120_000 },
  runEvents: {
    name: 'FORAGE_RUN_EVENTS',
    subjects: [runStep.subject, runCompleted.subject, runNeedsInput.subject],
    maxAgeMs: 1 * DAY,
    duplicateWindowMs: 120_000,
  },
  deadLetters: {
    name: 'FORAGE_DLQ',
    subjects: [deadLetterEvent.subject],
    maxAgeMs: 30 * DAY,
    duplicateWindowMs: 120_000,
  },
} as const satisfies Record<string, StreamSpec>;
