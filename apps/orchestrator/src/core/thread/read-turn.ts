import type { RunThread, ThreadTurn } from '@forage/contracts';
import { readAgainstThread, type ThreadReading } from '@forage/question';
import type { Activities } from '../activities.js';

/** The memory key of the follow-up question that asks what a reference means (never kept in memory). */
export const REFERENT_KEY = 'referent';

/** A thread turn read into the question the run plans and answers. */
export type ReadTurn =
  | { readonly status: 'ready'; readonly question: string; readonly thread: RunThread }
  /** A reference nothing settled, and the user did not say what it means: the run does not guess. */
  | { readonly status: 'unsettled'; readonly reason: string; readonly thread: RunThread };

/**
 * The step before planning: the question is read against the thread's earlier turns and becomes
 * self-contained ("And what is its capital?" → "What is the capital of X?"). A reference the turns
 * cannot settle is asked back once (needs_input); the answer stands for it.
 */
export async function readThreadTurn(input: {
  threadId: string;
  question: string;
  /** The thread's earlier turns (this run's own turn, from an earlier delivery, excluded). */
  turns: readonly ThreadTurn[];
  acts: Pick<Activities, 'askUser' | 'report'>;
}): Promise<ReadTurn> {
  const { question, turns, acts } = input;
  const turn = Math.max(0, ...turns.map((t) => t.turn)) + 1;
  const base = { threadId: input.threadId, turn };
  let reading: ThreadReading = readAgainstThread({ question, turns });
  if (reading.status === 'unresolved') {
    const answers = await acts.askUser({
      reason: reading.prompt,
      questions: [
        { key: REFERENT_KEY, prompt: reading.prompt.slice(0, 500), kind: 'text', sensitive: false },
      ],
      details: [],
    });
    const given = answers?.get(REFERENT_KEY);
    if (typeof given === 'string' && given.trim())
      reading = readAgainstThread({ question, turns, given: given.trim().slice(0, 300) });
  }
  if (reading.status === 'unresolved') {
    const reason = `"${reading.reference}" refers to something this thread does not settle, and no answer said what; ask again naming it`;
    await acts.report({ step: 'plan', status: 'failed', detail: reason, durationMs: 0 });
    return { status: 'unsettled', reason, thread: { ...base, readings: [] } };
  }
  if (reading.status === 'self-contained')
    return { status: 'ready', question, thread: { ...base, readings: [] } };
  const readings = reading.readings.map((r) => ({
    reference: r.reference.slice(0, 300),
    value: r.value.slice(0, 1000),
    turn: r.turn,
    note: r.note.slice(0, 1000),
  }));
  await acts.report({
    step: 'plan',
    status: 'succeeded',
    detail:
      `thread turn ${String(turn)} read as "${reading.question}": ${readings.map((r) => r.note).join('; ')}`.slice(
        0,
        2000,
      ),
    durationMs: 0,
  });
  return {
    status: 'ready',
    question: reading.question,
    thread: { ...base, asked: question.slice(0, 1000), readings },
  };
}
