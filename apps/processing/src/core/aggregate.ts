import type { CommandReply, Passage, aggregatePassages } from '@forage/contracts';
import { analyzeQuestion, termIn } from './question.js';
import { tokenize } from './text.js';

type AggregateReply = CommandReply<typeof aggregatePassages>;
type Decision = AggregateReply['decisions'][number];

/** Passages this alike say the same thing (token Jaccard, or one nearly inside the other). */
const SAME_JACCARD = 0.8;
const SAME_CONTAINMENT = 0.9;

/**
 * The aggregation step of the orchestrator's loop (INFOGENT's Aggregator, without a model): each
 * new passage, in order, is ignored when it mentions none of the question's key terms or repeats a
 * kept passage that is at least as confident, replaces a kept passage it repeats with more
 * confidence, and is added otherwise. The question's key terms no kept passage mentions are what is
 * still missing, so the next search can aim at them.
 */
export function aggregate(input: {
  question: string;
  gathered: readonly Passage[];
  incoming: readonly Passage[];
}): AggregateReply {
  const { terms } = analyzeQuestion(input.question);
  const kept = new Map<string, { passage: Passage; tokens: Set<string> }>();
  for (const p of input.gathered) kept.set(p.id, { passage: p, tokens: new Set(tokenize(p.text)) });
  const decisions: Decision[] = [];
  for (const passage of input.incoming) {
    const tokens = new Set(tokenize(passage.text));
    const decide = (action: Decision['action'], reason: string, replaces: string | null = null): void => {
      decisions.push({ passageId: passage.id, action, replaces, reason: reason.slice(0, 300) });
    };
    if (kept.has(passage.id)) {
      decide('ignore', 'already gathered');
      continue;
    }
    if (terms.length > 0 && !terms.some((t) => termIn(tokens, t))) {
      decide('ignore', 'mentions none of the question’s key terms');
      continue;
    }
    const twin = [...kept.values()].find((k) => sameContent(k.tokens, tokens));
    if (twin && passage.confidence <= twin.passage.confidence) {
      decide('ignore', `repeats ${twin.passage.id} with no more confidence`);
      continue;
    }
    if (twin) {
      kept.delete(twin.passage.id);
      decide('replace', `repeats ${twin.passage.id} with more confidence`, twin.passage.id);
    } else decide('add', 'new information on the question');
    kept.set(passage.id, { passage, tokens });
  }
  const all = [...kept.values()].map((k) => k.tokens);
  const covered = terms.filter((t) => all.some((tokens) => termIn(tokens, t))).map((t) => t.term);
  const missing = terms.filter((t) => !all.some((tokens) => termIn(tokens, t))).map((t) => t.term);
  return { decisions, missing, covered };
}

function sameContent(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size === 0 || b.size === 0) return a.size === b.size;
  let common = 0;
  for (const t of a) if (b.has(t)) common++;
  const jaccard = common / (a.size + b.size - common);
  return jaccard >= SAME_JACCARD || common / Math.min(a.size, b.size) >= SAME_CONTAINMENT;
}
