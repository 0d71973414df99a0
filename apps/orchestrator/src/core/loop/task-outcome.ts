/**
 * What a task's submission shows, read the way a careful person would: done only on positive
 * evidence from the site (a confirmation, or an announcement in the page's live region that is
 * not an error), `failed` on an error notice (in the page's own words), and `unconfirmed` when the
 * actions did not all run or the page said nothing about the outcome. Never guessed from the
 * first text of the page.
 */
export type TaskOutcome =
  | { readonly kind: 'confirmed'; readonly text: string }
  | { readonly kind: 'failed'; readonly text: string }
  | { readonly kind: 'unconfirmed'; readonly reason: string };

/**
 * Words that mark a notice as an error in general, whatever the site (validation, credentials,
 * server failures). A notice the page itself marks as an error needs none of them.
 */
const ERROR_WORDS =
  /\b(?:error|errors|invalid|incorrect|wrong|failed|failure|unable|could ?n[o']t|cannot|can't|denied|rejected|expired|not (?:valid|found|recogni[sz]ed|accepted|allowed|sent|submitted|saved)|is required|are required|required field|try again|please (?:enter|fill|correct|check|provide))\b/i;

export function readsAsError(text: string): boolean {
  return ERROR_WORDS.test(text);
}

export function taskOutcomeOf(input: {
  url: string;
  /** Actions planned for the task (fills, then the submit). */
  planned: number;
  /** Actions that ran. */
  ran: number;
  messages: readonly { readonly kind: string; readonly text: string }[];
  /**
   * The texts the page showed before the action (its headings and blocks): a "confirmation"
   * that was already there (the form page's own heading, shown again after a reload) is no
   * evidence the submission went through.
   */
  shownBefore?: readonly string[];
}): TaskOutcome {
  const said = input.messages
    .map((m) => ({ kind: m.kind, text: m.text.trim() }))
    .filter((m) => m.text !== '');
  const error = said.find((m) => m.kind === 'error' || readsAsError(m.text));
  if (error) return { kind: 'failed', text: error.text };
  if (input.ran < input.planned)
    return {
      kind: 'unconfirmed',
      reason: `the task on ${input.url} did not complete: ${String(input.ran)} of ${String(input.planned)} actions ran`,
    };
  const before = new Set((input.shownBefore ?? []).map(normalized));
  const news = said.filter((m) => !before.has(normalized(m.text)));
  const confirmation = news.find((m) => m.kind === 'confirmation') ?? news.find((m) => m.kind === 'status');
  if (confirmation) return { kind: 'confirmed', text: confirmation.text };
  const repeated = said.find((m) => m.kind === 'confirmation' || m.kind === 'status');
  if (repeated)
    return {
      kind: 'unconfirmed',
      reason: `the form on ${input.url} was submitted, but the page only showed again what it showed before ("${repeated.text.slice(0, 200)}")`,
    };
  return {
    kind: 'unconfirmed',
    reason: `the form on ${input.url} was submitted, but the page showed no confirmation`,
  };
}

function normalized(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}
