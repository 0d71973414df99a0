import {
  ATTRIBUTES,
  LIST_SPLIT,
  STOP,
  askedAttribute,
  attributeOf,
  entityOf,
  hopQuestion,
  isName,
  joinRestrictions,
  readInstruction,
  readQuestion,
  type QuestionReading,
} from '@forage/question';
import { scopeOf } from './scope.js';
import { givenFields } from './task-fields.js';
import type { Combine, ListingSpec, Part, Plan, PlannedStep, RequestKind, TaskSpec } from './plan.js';

/**
 * The deterministic planner: classifies a request into one of the five kinds and breaks it into
 * parts, from the grammar of the question alone (comparatives, superlatives, lists of names,
 * constraints, imperative verbs). No rule names a site, product or label.
 */
export function planHeuristically(input: { question: string; urls?: readonly string[] }): Plan {
  const question = input.question.trim().replace(/\s+/g, ' ');
  const startUrls = [...(input.urls ?? []), ...urlsIn(question)];
  const site = namedSite(question) ?? (startUrls[0] ? new URL(startUrls[0]).origin : undefined);
  // an instruction acts on the page the user gave, and only there: without a page it is not read as one
  const instruction = startUrls.length > 0 ? readInstruction(withoutUrls(question)) : undefined;
  if (instruction)
    return finish({
      kind: 'task',
      question,
      parts: [part(1, question)],
      combine: single,
      instruction,
      site,
      startUrls,
    });
  const task = taskOf(question);
  if (task)
    return finish({
      kind: 'task',
      question,
      parts: [part(1, question)],
      combine: single,
      task,
      site,
      startUrls,
    });
  const comparison = comparisonOf(question);
  if (comparison) return finish({ kind: 'multi', question, ...comparison, site, startUrls });
  const reading = readQuestion(question);
  const chain = reading.chain;
  const first = chain?.hops[0];
  if (chain && first)
    return finish({
      kind: 'fact',
      question,
      parts: [
        part(1, hopQuestion(first, chain.entity), {
          entity: chain.entity,
          ...(first.attribute ? { attribute: first.attribute } : {}),
        }),
      ],
      combine: single,
      chain,
      site,
      startUrls,
    });
  const listing = listingOf(reading);
  if (listing)
    return finish({
      kind: 'listing',
      question,
      parts: [part(1, question)],
      combine: { kind: 'all' },
      listing,
      site,
      startUrls,
    });
  const parts = multiEntityParts(question) ?? multiPartParts(question);
  if (parts) return finish({ kind: 'multi', question, parts, combine: { kind: 'all' }, site, startUrls });
  const kind: RequestKind = site && namedSite(question) ? 'explore' : 'fact';
  return finish({ kind, question, parts: [part(1, question)], combine: single, site, startUrls });
}

const single: Combine = { kind: 'single' };

function finish(plan: Omit<Plan, 'steps' | 'source'>): Plan {
  const scope = plan.scope ?? scopeOf({ question: plan.question, startUrls: plan.startUrls });
  const scoped = { ...plan, scope };
  return { ...scoped, steps: stepsFor(scoped), source: 'heuristic' };
}

export function stepsFor(plan: Omit<Plan, 'steps' | 'source'>): PlannedStep[] {
  const steps: PlannedStep[] = plan.startUrls.map((url) => ({ action: 'VISIT', detail: url }));
  const onPage = plan.scope?.kind === 'page';
  const find = (detail: string): PlannedStep =>
    onPage ? { action: 'VISIT', detail: 'links on the page to its own site' } : { action: 'SEARCH', detail };
  switch (plan.kind) {
    case 'task':
      steps.push(
        { action: plan.startUrls.length ? 'VISIT' : 'SEARCH', detail: 'the page the task is on' },
        {
          action: 'ACT',
          detail: plan.instruction
            ? `follow the instruction: ${String(plan.instruction.length)} step(s) grounded on the page`
            : `${plan.task?.verb ?? 'act'}: ${plan.task?.fields.map((f) => f.label).join(', ') ?? ''}`,
        },
      );
      break;
    case 'listing':
      steps.push(
        find(plan.parts[0]?.query ?? plan.question),
        { action: 'ACT', detail: 'use the site search form with the constraints when there is one' },
        { action: 'VISIT', detail: 'listing pages and their next pages (up to 5 per site)' },
        { action: 'AGGREGATE', detail: 'filter items by the constraints and rank them' },
      );
      break;
    default:
      for (const p of plan.parts) steps.push(find(p.query), { action: 'VISIT', detail: `pages for ${p.id}` });
      steps.push({
        action: 'AGGREGATE',
        detail: plan.combine.kind === 'compare' ? `compare (${plan.combine.pick})` : 'answer each part',
      });
  }
  steps.push({
    action: 'TERMINATE',
    detail: 'when every part is answered and verified, or a limit is reached',
  });
  return steps;
}

/** A part with its entity, attribute and first query derived from its wording. */
export function part(n: number, question: string, known: { entity?: string; attribute?: string } = {}): Part {
  const entity = known.entity ?? entityOf(question);
  const attribute = known.attribute ?? askedAttribute(question);
  return {
    id: `part-${String(n)}`,
    question,
    ...(entity ? { entity } : {}),
    ...(attribute ? { attribute } : {}),
    query: queryFor(question),
  };
}

/** A search query: the question's content words, in order. */
export function queryFor(question: string): string {
  const words = question
    .replace(URL_IN_TEXT, ' ')
    .replace(/[?!.,;:]+/g, ' ')
    .split(/\s+/)
    .filter((w) => w !== '' && !STOP.has(w.toLowerCase()));
  return words.join(' ') || question;
}

const COMPARATIVES: readonly {
  words: RegExp;
  pick: 'max' | 'min';
  attribute?: string;
  /** The attribute when the question asks "who" (people are born, organisations founded). */
  personAttribute?: string;
}[] = [
  { words: /\b(more populous|most populous)\b/i, pick: 'max', attribute: 'population' },
  { words: /\b(less populous|least populous)\b/i, pick: 'min', attribute: 'population' },
  {
    words: /\b(cheaper|cheapest|less expensive|least expensive|lower[- ]priced)\b/i,
    pick: 'min',
    attribute: 'price',
  },
  {
    words: /\b(more expensive|most expensive|pricier|priciest|higher[- ]priced)\b/i,
    pick: 'max',
    attribute: 'price',
  },
  {
    words: /\b(older|oldest|earlier|earliest)\b/i,
    pick: 'min',
    attribute: 'founded',
    personAttribute: 'born',
  },
  {
    words: /\b(newer|newest|younger|youngest|later|latest)\b/i,
    pick: 'max',
    attribute: 'founded',
    personAttribute: 'born',
  },
  { words: /\b(larger|largest|bigger|biggest|greater|greatest|higher|highest|more|most)\b/i, pick: 'max' },
  { words: /\b(smaller|smallest|lower|lowest|less|least|fewer|fewest)\b/i, pick: 'min' },
];

/**
 * "Which has the larger population, A or B?" / "Which of A, B and C is the oldest?" / "Is A more
 * populous than B?" (the last answered yes or no about A).
 */
function comparisonOf(question: string): { parts: Part[]; combine: Combine } | undefined {
  const than = thanComparison(question);
  if (!than && !/^(which|who|what)\b/i.test(question) && !/\bor\b/.test(question)) return undefined;
  const comparative = COMPARATIVES.find((c) => c.words.test(question));
  if (!comparative) return undefined;
  const entities = than ?? comparedEntities(question);
  if (!entities || entities.length < 2) return undefined;
  let rest = question;
  for (const e of entities) rest = rest.replace(e, ' ');
  const implied = /^who\b/i.test(question)
    ? (comparative.personAttribute ?? comparative.attribute)
    : comparative.attribute;
  const attribute =
    attributeOf(rest.replace(comparative.words, ' '))?.id ?? implied ?? defaultAttribute(rest);
  const ask = ATTRIBUTES.find((a) => a.id === attribute)?.ask;
  const parts = entities.map((entity, i) =>
    part(i + 1, ask ? ask(entity) : `What is the ${attributeWords(attribute)} of ${entity}?`, {
      entity,
      ...(attribute ? { attribute } : {}),
    }),
  );
  const asks = than?.[0];
  return { parts, combine: { kind: 'compare', pick: comparative.pick, ...(asks ? { asks } : {}) } };
}

/** "Is A more populous than B?", "Was A founded earlier than B?": [A, B], when both are names. */
function thanComparison(question: string): [string, string] | undefined {
  // case matters after the first word: filler words are lower-case, names are not
  const m =
    /^(?:is|are|was|were|does|did|has|have)\s+(?:the\s+)?(.+?)\s+(?:[a-z]\w*\s+){0,3}?(?:\w+er|more|less)\b.*?\bthan\s+(?:the\s+)?(.+?)\??$/.exec(
      question.charAt(0).toLowerCase() + question.slice(1),
    );
  if (!m?.[1] || !m[2]) return undefined;
  const [a, b] = [m[1].trim(), m[2].trim()];
  return isName(a) && isName(b) ? [a, b] : undefined;
}

function comparedEntities(question: string): string[] | undefined {
  const body = question.replace(/\?$/, '');
  // the list after "of" ("which of A, B and C …") or the "A or B" clause (after a comma or colon)
  const ofList =
    /\b(?:which|who|what)\s+of\s+(?:the\s+)?(.+?)\s+(?:has|is|was|had|have|are|were|costs?)\b/i.exec(
      body,
    )?.[1];
  const candidates = [ofList, ...listStarts(body).map((start) => body.slice(start))];
  for (const list of candidates) {
    if (!list || !/\b(?:or|and)\b|,/.test(list)) continue;
    const items = list.split(LIST_SPLIT).map((s) => s.replace(/^(?:the|either)\s+/i, '').trim());
    if (items.length >= 2 && items.every(isName)) return items;
  }
  return undefined;
}

/** Where an "A or B" list may begin: after a comma, colon, "between" or a verb, leftmost first. */
function listStarts(body: string): number[] {
  return [...body.matchAll(/[,:]\s*|\bbetween\s+|\b(?:is|are|was|has)\s+/gi)].map(
    (m) => m.index + m[0].length,
  );
}

function defaultAttribute(rest: string): string | undefined {
  return /\b(larger|largest|bigger|biggest|smaller|smallest)\b/i.test(rest) ? 'area' : undefined;
}

function attributeWords(attribute: string | undefined): string {
  return attribute ? attribute.replace(/-/g, ' ') : 'value';
}

/** "What are the populations of A, B and C?" — one part per named entity. */
function multiEntityParts(question: string): Part[] | undefined {
  const m = /^(.*?\b(?:of|for|in))\s+(?:the\s+)?([^?]+?)\??$/i.exec(question);
  if (!m?.[1] || !m[2]) return undefined;
  const items = m[2].split(LIST_SPLIT).map((s) => s.replace(/^the\s+/i, '').trim());
  if (items.length < 2 || !items.every(isName)) return undefined;
  const head = m[1].replace(/\b(\w+)s\b(?=\s+(?:of|for|in)$)/i, '$1');
  const attribute = attributeOf(head)?.id;
  return items.map((entity, i) =>
    part(i + 1, `${head.replace(/^(what|which) are\b/i, '$1 is')} ${entity}?`, {
      entity,
      ...(attribute ? { attribute } : {}),
    }),
  );
}

/** "What is the capital of A and what is its population?" — parts split at a new question word. */
function multiPartParts(question: string): Part[] | undefined {
  const pieces = joinRestrictions(
    question
      .split(/\?\s+|;\s+|,?\s+and\s+(?=(?:what|which|who|when|where|how)\b)/i)
      .map((s) => s.trim().replace(/\?$/, ''))
      // a URL written after the question ("What is X? https://…") is where to look, not a part
      .filter((s) => s.replace(URL_IN_TEXT, '').replace(/[\s.,;:!]+/g, '').length > 0),
  );
  if (pieces.length < 2) return undefined;
  const first = entityOf(pieces[0] ?? '');
  return pieces.map((piece, i) => {
    const resolved = first
      ? piece
          .replace(
            /\b(?:its|their)\s+([a-z][\w-]*(?:\s+(?:rate|per capita|code|number))?)/i,
            `the $1 of ${first}`,
          )
          .replace(/\b(it|they)\b/i, first)
      : piece;
    return part(i + 1, `${resolved}?`, first && !entityOf(resolved) ? { entity: first } : {});
  });
}

/**
 * A listing or a question over a set, from the question model: "Hotels in X with free parking
 * under $200", "the cheapest hotel in X", "How many hotels in X have a pool?", "the three
 * countries with the smallest population", "papers by M. Kessa".
 */
function listingOf(reading: QuestionReading): ListingSpec | undefined {
  const set = reading.set;
  if (!set) return undefined;
  const { constraints, operation } = set;
  const written = new RegExp(`\\b(${set.noun}|${set.noun.replace(/y$/, 'ie')}s|${set.noun}e?s)\\b`, 'i').exec(
    reading.text,
  )?.[1];
  const order =
    operation.kind === 'top'
      ? operation.order
      : constraints.order && constraints.order.by !== 'name'
        ? constraints.order
        : undefined;
  const limit = operation.kind === 'top' ? operation.k : constraints.count;
  const price = constraints.price?.max;
  const aggregate =
    operation.kind === 'count'
      ? ({ kind: 'count' } as const)
      : operation.kind === 'sum' || operation.kind === 'average'
        ? { kind: operation.kind, attribute: operation.attribute }
        : undefined;
  return {
    noun: (written ?? set.noun).toLowerCase(),
    ...(constraints.place ? { place: constraints.place } : {}),
    ...(price && (price.currency === undefined || price.currency === 'USD')
      ? { maxPrice: price.amount }
      : {}),
    ...(constraints.rating?.min !== undefined ? { minRating: constraints.rating.min } : {}),
    features: [...constraints.features],
    ...(constraints.author ? { author: constraints.author } : {}),
    ...(constraints.category ? { category: constraints.category } : {}),
    ...(order ? { rank: { by: order.by, order: order.direction } } : {}),
    ...(limit !== undefined ? { limit } : {}),
    ...(aggregate ? { aggregate } : {}),
    ...(set.asked ? { asked: set.asked } : {}),
  };
}

const TASK_VERBS =
  /^(?:please\s+)?(fill(?: in| out)?|submit|send|log ?in|sign ?in|sign up|register|subscribe|book|contact|select|choose|click|download|upload|complete|write to|message)\b/i;
const SUBMIT_VERBS =
  /\b(submit|send|log ?in|sign ?in|sign up|register|subscribe|book|contact|write to|message)\b/i;

/** "Send the contact form on … with name Ada Lovelace, email ada@example.org and message "…"". */
function taskOf(question: string): TaskSpec | undefined {
  const verb = TASK_VERBS.exec(question)?.[1];
  if (!verb) return undefined;
  return { verb: verb.toLowerCase(), fields: givenFields(question), submit: SUBMIT_VERBS.test(question) };
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>)]+/gi;

/** The request without its addresses ("On http://… click …", "… at http://…"). */
function withoutUrls(question: string): string {
  return question
    .replace(/(?:^|\s)(?:on|at|in|from|of)\s+https?:\/\/[^\s"'<>)]+[,:]?/gi, ' ')
    .replace(URL_IN_TEXT, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function urlsIn(question: string): string[] {
  return [...question.matchAll(URL_IN_TEXT)].map((m) => m[0].replace(/[.,;:!?]+$/, ''));
}

/** A site the user names: a URL or a host ("on example.org"). */
function namedSite(question: string): string | undefined {
  const url = urlsIn(question)[0];
  if (url) return new URL(url).origin;
  const host = /\b(?:on|at|from|in)\s+(?:the\s+)?((?:[a-z0-9-]+\.)+[a-z]{2,})(?::\d+)?\b/i.exec(
    question,
  )?.[1];
  return host?.toLowerCase();
}
