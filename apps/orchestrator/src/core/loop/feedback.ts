import { ATTRIBUTES } from '../plan/attributes.js';
import type { Part, Plan } from '../plan/plan.js';

/**
 * The next search query for what is still missing: the part's own query first, then its entity
 * with another name for the attribute, then the entity alone — never a query already run.
 */
export function feedbackQuery(input: {
  plan: Plan;
  missing: readonly Part[];
  tried: ReadonlySet<string>;
}): { query: string; missing: string; partId: string } | undefined {
  for (const part of input.missing) {
    for (const query of candidates(input.plan, part)) {
      const key = query.toLowerCase();
      if (!input.tried.has(key)) return { query, missing: describeMissing(part), partId: part.id };
    }
  }
  return undefined;
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
