import type { ScoredAnswer } from '@forage/contracts';
import type { Lead } from '../activities.js';
import { termsOf } from '../explore/site-frontier.js';
import { queryFor } from '../plan/heuristic-planner.js';
import { ATTRIBUTES } from '@forage/question';
import type { Part, Plan } from '../plan/plan.js';

/** Question words a bridge query keeps besides the bridge entity. */
const BRIDGE_TERMS = 6;

/**
 * The next search query for what is still missing: the part's own query first; then, when the
 * pages read gave a tentative answer, a second hop: that answer (the bridge entity) with the words
 * of the question its evidence does not cover; then processing's leads (names the page about the
 * question's subject mentions, with what that page does not state); then the entity with another
 * name for the attribute, then the entity alone — never a query already run.
 */
export function feedbackQuery(input: {
  plan: Plan;
  missing: readonly Part[];
  tried: ReadonlySet<string>;
  tentative?: ReadonlyMap<string, ScoredAnswer>;
  /** Follow-up queries processing offered for each part (names the subject's page mentions). */
  leads?: ReadonlyMap<string, readonly Lead[]>;
}): { query: string; missing: string; partId: string } | undefined {
  for (const part of input.missing) {
    const hop = input.tentative?.get(part.id);
    const bridge = hop ? bridgeQuery(part, hop) : undefined;
    const queries = candidates(input.plan, part);
    // the second hop: the tentative answer's entity, then the names the subject's page mentions
    queries.splice(
      1,
      0,
      ...(bridge ? [bridge] : []),
      ...(input.leads?.get(part.id) ?? []).map((l) => l.query),
    );
    for (const query of queries) {
      const key = query.toLowerCase();
      if (!input.tried.has(key)) return { query, missing: describeMissing(part), partId: part.id };
    }
  }
  return undefined;
}

/**
 * INFOGENT's "what is still missing" for a bridge question: the tentative answer names the thing
 * the first hop found; the question's words its snippet does not cover are what the second hop
 * must find about that thing. A derived answer (yes/no, a chosen option) names no bridge.
 */
export function bridgeQuery(part: Part, tentative: ScoredAnswer): string | undefined {
  if (tentative.derivation) return undefined;
  const covered = termsOf(`${tentative.source.snippet} ${tentative.text}`);
  const uncovered = queryFor(part.question)
    .split(/\s+/)
    .filter((w) => {
      const terms = [...termsOf(w)];
      return terms.length > 0 && terms.every((t) => !covered.has(t));
    })
    .slice(0, BRIDGE_TERMS);
  if (uncovered.length === 0) return undefined;
  return `${tentative.text.slice(0, 100)} ${uncovered.join(' ')}`;
}

export function describeMissing(part: Part): string {
  if (part.entity && part.attribute) return `${part.attribute} of ${part.entity}`;
  return part.question;
}

function candidates(plan: Plan, part: Part): string[] {
  const out = [part.query];
  const attribute = ATTRIBUTES.find((a) => a.id === part.attribute);
  if (part.entity && attribute)
    for (const term of attribute.terms.slice(0, 3)) out.push(`${part.entity} ${term}`);
  if (part.entity) out.push(part.entity);
  if (plan.listing) {
    const l = plan.listing;
    out.push([l.noun, l.place, ...l.features].filter(Boolean).join(' '));
    if (l.place) out.push(`${l.noun} ${l.place}`);
    out.push(l.noun);
  }
  if (plan.task) out.push(`${plan.task.verb} ${plan.task.fields.map((f) => f.label).join(' ')}`);
  return out.filter((q) => q.trim() !== '');
}
