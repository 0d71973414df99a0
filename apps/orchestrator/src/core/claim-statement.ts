import type { Claim, ClaimScope, ScoredAnswer } from '@forage/contracts';
import { isKnownAttribute, labelsIn, numbersIn } from '@forage/lexicon';
import type { Part, Plan } from './plan/plan.js';

/** What a claim states besides its text and source: the fields the verifier checks on the page. */
export type ClaimStatement = Pick<Claim, 'question' | 'subject' | 'attribute' | 'value' | 'scope' | 'hop'>;

/** "this page", "this product", "the article above": the question is about the page the user gave. */
const THIS_PAGE =
  /\b(?:this|that|the current|the present)\s+(?:page|product|item|article|post|listing|offer|hotel|site|document|entry)\b/i;

/** "the population of the capital of X": the answer is about the entity a relation leads to. */
const NESTED_OF = /\bof\s+(?:the\s+)?([\p{L}-]+(?:\s[\p{L}-]+)?)\s+of\s+(?:the\s+)?(.+?)\s*\??$/iu;
/** "the valve that pairs with the pump": the entity is named only by its relation to another. */
const RELATIVE = /\bthe\s+([\p{Ll}-]+)\s+(?:that|which|who|whose)\s+(.+?)\s*\??$/u;

/**
 * The statement of an answer to a question part, from what the plan already knows: the part, the
 * entity asked about (or the page's main item for "this page/product"), the attribute, the typed
 * value for numeric attributes, the scope the user set (the pages given with --url or in the
 * question, and same-site pages they link to) and — for a nested question the run answered in
 * one step — the chain it belongs to, so that a first hop's value is never released as the answer.
 */
export function statementOf(input: { plan: Plan; part: Part; answer: ScoredAnswer }): ClaimStatement {
  const { plan, part, answer } = input;
  const aboutPage = asksAboutPage(plan, part);
  // a hop of a chain the run executes states its own place; one answered in one step is found here
  const nested = aboutPage || part.hop ? undefined : nestedSubject(part);
  const entity = usableEntity(part);
  const subject = aboutPage
    ? { mainItem: true }
    : nested
      ? { asked: nested }
      : entity
        ? { asked: entity }
        : undefined;
  const value = valueOf(part.attribute, answer.text);
  return {
    question: { partId: part.id, text: part.question },
    ...(subject ? { subject } : {}),
    ...(part.attribute ? { attribute: { id: part.attribute } } : {}),
    ...(value ? { value } : {}),
    ...scopeOf(plan, aboutPage),
    ...(part.hop ? { hop: part.hop } : nested ? { hop: { chain: part.id, index: 2, of: 2 } } : {}),
  };
}

/** The part asks about the page the user gave ("this product", "this page"), not about an entity it names. */
export function asksAboutPage(plan: Pick<Plan, 'startUrls'>, part: Pick<Part, 'question'>): boolean {
  return THIS_PAGE.test(part.question) && plan.startUrls.length > 0;
}

/** The scope of a run's claims: the pages the user named, when there are any. */
export function scopeOf(plan: Plan, aboutPage = false): { scope?: ClaimScope } {
  if (plan.startUrls.length === 0) return {};
  return { scope: { kind: 'page', urls: plan.startUrls.slice(0, 20), followLinks: !aboutPage } };
}

/** The planner's entity, when it names a thing rather than the attribute asked. */
function usableEntity(part: Part): string | undefined {
  const entity = part.entity?.trim();
  if (!entity || !/\p{L}{2}/u.test(entity)) return undefined;
  if (labelsIn(entity).some((hit) => hit.label.length >= entity.length - 1)) return undefined;
  return entity;
}

/**
 * The entity a nested question is really about, when the part asks through a relation ("the
 * capital of X", "the valve that pairs with X") and the planner took the inner entity for it.
 */
function nestedSubject(part: Part): string | undefined {
  const entity = usableEntity(part);
  const question = part.question.trim();
  const of = NESTED_OF.exec(question);
  if (of?.[1] && of[2] && entity && of[2].includes(entity) && isRelation(of[1]))
    return `${of[1]} of ${of[2]}`;
  const relative = RELATIVE.exec(question);
  if (relative?.[1] && relative[2] && entity && relative[2].includes(entity))
    return `${relative[1]} ${relative[2]}`;
  return undefined;
}

/** A relation names another entity: the capital, the author, the designer (attributes whose value is a name). */
function isRelation(words: string): boolean {
  const hit = labelsIn(words)[0];
  return hit !== undefined && RELATIONS.has(hit.attribute);
}
const RELATIONS = new Set(['capital', 'author', 'designer', 'brand']);

const MONEY_ATTRIBUTES = new Set(['price']);
const NUMBER_ATTRIBUTES = new Set(['population', 'area', 'capacity', 'elevation', 'weight']);

/** A typed value for attributes whose values are numbers; names are checked as quoted. */
function valueOf(attribute: string | undefined, text: string): Claim['value'] {
  if (!attribute || !isKnownAttribute(attribute)) return undefined;
  const numbers = numbersIn(text);
  const [only] = numbers;
  if (numbers.length !== 1 || !only) return undefined;
  if (MONEY_ATTRIBUTES.has(attribute))
    return { type: 'money', amount: only.amount, ...(only.currency ? { currency: only.currency } : {}) };
  if (NUMBER_ATTRIBUTES.has(attribute))
    return { type: 'number', amount: only.amount, ...(only.unit ? { unit: only.unit } : {}) };
  return undefined;
}
