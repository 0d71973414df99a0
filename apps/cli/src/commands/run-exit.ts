import type { EventPayload, runCompleted } from '@forage/contracts';

/**
 * Exit codes `forage ask` and `forage show` share, so a script can tell the results apart:
 * 0 a verified answer, 2 no answer found, 4 an answer that could not be verified (none released),
 * 5 the run was cancelled, 1 the run failed or Forage could not be reached, 75 the run has not
 * finished yet (show only), 64 usage, 78 bad settings.
 */
export const RUN_EXIT = {
  verified: 0,
  error: 1,
  noAnswer: 2,
  unverified: 4,
  cancelled: 5,
  notFinished: 75,
} as const;

/** The exit code of a completed run (its completion as the gateway shows it, verdict-gated). */
export function exitCodeOf(done: Pick<EventPayload<typeof runCompleted>, 'outcome' | 'answer'>): number {
  switch (done.outcome) {
    case 'answered':
      return done.answer ? RUN_EXIT.verified : RUN_EXIT.unverified;
    case 'unverified':
      return RUN_EXIT.unverified;
    case 'no_answer':
      return RUN_EXIT.noAnswer;
    case 'cancelled':
      return RUN_EXIT.cancelled;
    case 'failed':
      return RUN_EXIT.error;
  }
}
