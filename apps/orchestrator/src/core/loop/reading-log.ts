import type { Activities } from '../activities.js';
import type { Scope } from '../plan/scope.js';

/** What a run read and what each reading of the question gave, as the user is told when nothing is released. */
export class ReadingLog {
  readonly pages: { url: string; outcome: string }[] = [];
  readonly readings = new Map<string, string>();

  /** The activities, with every page extracted and every answer reply noted here on the way. */
  observe(acts: Activities): Activities {
    return {
      ...acts,
      extract: async (url) => {
        try {
          const page = await acts.extract(url);
          this.pages.push({
            url: page.finalUrl,
            outcome:
              page.outcome.kind === 'ok'
                ? `read (HTTP ${String(page.status)})`
                : `not read: ${page.outcome.kind}`,
          });
          return page;
        } catch (err) {
          this.pages.push({ url, outcome: `not read: ${err instanceof Error ? err.message : String(err)}` });
          throw err;
        }
      },
      answer: async (question, chunks) => {
        const reply = await acts.answer(question, chunks);
        const best = reply.answers[0];
        this.readings.set(
          question,
          reply.abstained || !best
            ? `no answer on the pages read: ${reply.reason ?? 'processing abstained'}`
            : `best candidate "${best.text.slice(0, 120)}" (confidence ${best.confidence.toFixed(2)}) was not accepted: too weak, or not of the kind asked`,
        );
        return reply;
      },
    };
  }
}

/**
 * Why a question held to the page the user gave ends without an answer: the pages read (and how
 * each went), what each reading of the question found there, and that nothing else was searched.
 */
export function pageScopeFailures(input: {
  scope: Scope | undefined;
  log: ReadingLog;
  answered: boolean;
}): { claim: string; reason: string }[] {
  const { scope, log } = input;
  if (scope?.kind !== 'page' || input.answered) return [];
  const read =
    log.pages.length === 0
      ? 'no page was read'
      : `read ${log.pages.map((p) => `${p.url} — ${p.outcome}`).join('; ')}`;
  const readings = [...log.readings].map(([question, reason]) => ({ claim: question, reason }));
  // questions reworded by the run keep their latest reading only; a handful says enough
  return [
    { claim: '', reason: read.slice(0, 1_500) },
    ...readings.slice(-5),
    { claim: '', reason: `not searched elsewhere: ${scope.why}` },
  ];
}
