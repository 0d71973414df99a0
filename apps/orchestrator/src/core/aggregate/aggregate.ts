import type { ScoredAnswer, SourcedChunk } from '@forage/contracts';
import type { Activities, AnswerReply } from '../activities.js';
import type { RunState } from '../loop/run-state.js';
import { ATTRIBUTES, pageLabelFor } from '../plan/attributes.js';
import type { Part, Plan } from '../plan/plan.js';
import type { timedStep } from '../research.js';
import { meetsConstraints } from './listing-items.js';

/**
 * AGGREGATE: answer every part still missing over what was read (asking in the page's own label
 * when the page has one for the attribute), keep answers good enough, and name what is missing
 * as the next query.
 */
export async function aggregate(input: {
  acts: Activities;
  step: ReturnType<typeof timedStep>;
  state: RunState;
  plan: Plan;
  sufficientConfidence: number;
}): Promise<void> {
  const { acts, step, state, plan } = input;
  if (plan.kind === 'listing' || plan.kind === 'task') {
    const matching = plan.listing
      ? state.items.filter((i) => plan.listing && meetsConstraints(i.item, plan.listing, i.context))
      : [];
    if (plan.kind === 'listing') {
      await acts.report({
        step: 'answer',
        status: 'succeeded',
        detail: `${String(state.items.length)} items read, ${String(matching.length)} meet the constraints`,
        durationMs: 0,
      });
    }
    return;
  }
  for (const part of plan.parts) {
    if (state.answers.has(part.id)) continue;
    const chunks = chunksFor(part, state.chunks);
    if (chunks.length === 0) continue;
    const question = askedInPageWords(part, state);
    const reply = await step(
      'answer',
      () => acts.answer(question, chunks),
      (r) => `${part.id} "${question}": ${describeAnswer(r)}`,
    ).catch(() => undefined);
    if (!reply) continue;
    state.expectedRecordIds.push(reply.logRecordId);
    const answer = acceptable({ reply, part, min: input.sufficientConfidence });
    if (answer) state.answers.set(part.id, answer);
  }
}

/** The part's question in the words of the pages read: their label for the attribute, when they have one. */
export function askedInPageWords(part: Part, state: Pick<RunState, 'labels'>): string {
  const attribute = ATTRIBUTES.find((a) => a.id === part.attribute);
  if (!attribute || !part.entity) return part.question;
  for (const labels of state.labels.values()) {
    const label = pageLabelFor(attribute, labels);
    if (label) return `What is the ${label} of ${part.entity}?`;
  }
  return part.question;
}

/** Chunks of the pages about the part's entity, when some page is; else everything read. */
function chunksFor(part: Part, chunks: readonly SourcedChunk[]): SourcedChunk[] {
  if (!part.entity) return [...chunks];
  const entity = part.entity.toLowerCase();
  const about = chunks.filter((c) => c.title.toLowerCase().includes(entity));
  return about.length > 0 ? about : [...chunks];
}

/** The best answer when it is confident, about the part's entity, and of the attribute's kind (a number for a numeric one). */
export function acceptable(input: { reply: AnswerReply; part: Part; min: number }): ScoredAnswer | undefined {
  const { reply, part } = input;
  if (reply.abstained) return undefined;
  const numeric = ATTRIBUTES.find((a) => a.id === part.attribute)?.numeric ?? false;
  return reply.answers.find((a) => {
    if (a.confidence < input.min) return false;
    if (numeric && !/\d/.test(a.text)) return false;
    if (!part.entity) return true;
    const entity = part.entity.toLowerCase();
    return a.source.title.toLowerCase().includes(entity) || a.source.snippet.toLowerCase().includes(entity);
  });
}

export function describeAnswer(reply: AnswerReply): string {
  const best = reply.answers[0];
  if (reply.abstained || !best) return `abstained: ${reply.reason ?? 'no answer'}`;
  return `"${best.text}" (confidence ${best.confidence.toFixed(2)}, ${reply.method})`;
}
