import { z } from 'zod';
import { isoTimeSchema, questionTextSchema, runIdSchema } from './common.js';

/**
 * A conversation: runs that read their questions against the earlier turns. A new thread's id is
 * the id of its first run; `threadId` on a later run continues it.
 */
export const threadIdSchema = z
  .uuid()
  .meta({ description: 'A conversation of runs: the id of its first run, as each run of it reports' });

/** One earlier turn of a thread, as later questions read it: what was asked, what was answered, about what. */
export const threadTurnSchema = z
  .object({
    runId: runIdSchema,
    /** Its place in the thread (1 = the first run). */
    turn: z.number().int().positive(),
    /** The question as the user wrote it. */
    asked: questionTextSchema,
    /** The question the run answered (references to earlier turns replaced). */
    question: questionTextSchema,
    /** The named things the question was about (the planner's entities), first part first. */
    subjects: z.array(z.string().min(1).max(200)).max(10),
    /** The canonical attribute it asked for ("population", "capital"), when it asked for one. */
    attribute: z.string().min(1).max(100).optional(),
    /** The released answer's text; null when none was released. */
    answer: z.string().max(2000).nullable(),
    /** A listing's item names, in the order shown ("the second one" picks from these). */
    items: z.array(z.string().max(300)).max(50),
    at: isoTimeSchema,
  })
  .meta({ title: 'ThreadTurn' });
export type ThreadTurn = z.infer<typeof threadTurnSchema>;

/**
 * The turns of each thread, kept durably by the orchestrator: a JetStream KV bucket, key = thread
 * id, value = the latest turns (oldest first). A run of a thread reads it before planning.
 */
export const threadStore = {
  bucket: 'forage-threads',
  /** Turns kept per thread (older ones drop out: references reach back only this far). */
  maxTurns: 20,
  entry: z
    .object({ threadId: threadIdSchema, turns: z.array(threadTurnSchema).max(20) })
    .meta({ title: 'ThreadEntry' }),
} as const;
export type ThreadEntry = z.infer<typeof threadStore.entry>;

/** How one reference of a question to an earlier turn was read ("its" = the subject of turn 1). */
export const referenceReadingSchema = z
  .object({
    /** The words of the question that refer back ("its", "the second one", "and in …?"). */
    reference: z.string().min(1).max(300),
    /** What they were read as. */
    value: z.string().min(1).max(1000),
    /** The turn it came from (1 = the thread's first run); null when the user named it when asked. */
    turn: z.number().int().positive().nullable(),
    /** The reading in words: "'its' = Xland, from turn 1". */
    note: z.string().max(1000),
  })
  .meta({ title: 'ReferenceReading' });
export type ReferenceReading = z.infer<typeof referenceReadingSchema>;

/** Where a run stands in its thread, as its report and completion show it. */
export const runThreadSchema = z
  .object({
    threadId: threadIdSchema,
    /** This run's place in the thread (1 = the first). */
    turn: z.number().int().positive(),
    /** The question as the user wrote it, when it differs from the one answered. */
    asked: z.string().max(1000).optional(),
    /** How references to earlier turns were read. */
    readings: z.array(referenceReadingSchema).max(20),
  })
  .meta({ title: 'RunThread', description: 'The thread a run belongs to; continue it with `threadId`' });
export type RunThread = z.infer<typeof runThreadSchema>;
