import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import type { EventPayload, InputAnswer, runNeedsInput } from '@forage/contracts';

export type NeedsInput = EventPayload<typeof runNeedsInput>;

/** Answers a run's follow-up questions; undefined leaves them unanswered (the run goes on without). */
export type Answerer = (asked: NeedsInput) => Promise<readonly InputAnswer[] | undefined>;

/**
 * Asks the run's questions on the terminal, once each, on stderr (so `--json` output stays clean);
 * a sensitive answer is not echoed. Without a terminal on stdin nothing is asked and the run goes
 * on without the details (it names what was missing).
 */
export function terminalAnswerer(
  io: {
    input: NodeJS.ReadableStream & { isTTY?: boolean };
    output: NodeJS.WritableStream;
  } = { input: process.stdin, output: process.stderr },
): Answerer {
  return async (asked) => {
    if (!io.input.isTTY) return [];
    let muted = false;
    const output = new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (!muted) io.output.write(chunk);
        done();
      },
    });
    const rl = createInterface({ input: io.input, output, terminal: true });
    try {
      return await askAll(asked, (prompt, sensitive) => {
        const answer = rl.question(prompt);
        muted = sensitive;
        return answer.finally(() => {
          if (muted) io.output.write('\n');
          muted = false;
        });
      });
    } finally {
      rl.close();
    }
  };
}

/** The questions in order, each answer trimmed; an empty answer is left out. */
export async function askAll(
  asked: NeedsInput,
  question: (prompt: string, sensitive: boolean) => Promise<string>,
): Promise<InputAnswer[]> {
  const answers: InputAnswer[] = [];
  for (const q of asked.questions) {
    const hint = q.sensitive ? ' (kept as a secret, not shown)' : '';
    const value = (await question(`  ${q.prompt}${hint} `, q.sensitive)).trim();
    if (value !== '') answers.push({ key: q.key, value });
  }
  return answers;
}
