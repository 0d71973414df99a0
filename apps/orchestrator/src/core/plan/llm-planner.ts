import { z } from 'zod';
import { LlmInvalidReplyError, LlmRefusalError, LlmUnavailableError, type LlmClient } from '@forage/llm';
import { attributeOf } from '@forage/question';
import { part, planHeuristically, queryFor, stepsFor } from './heuristic-planner.js';
import type { Combine, Part, Plan } from './plan.js';

/** What the model is asked to return: the kind, the parts and the constraints, nothing else. */
export const llmPlanSchema = z.object({
  kind: z.enum(['fact', 'multi', 'listing', 'explore', 'task']),
  parts: z
    .array(
      z.object({
        question: z.string().min(1).max(500),
        entity: z.string().min(1).max(200).optional(),
        query: z.string().min(1).max(300).optional(),
      }),
    )
    .min(1)
    .max(8),
  combine: z.enum(['single', 'all', 'max', 'min']).default('single'),
  listing: z
    .object({
      noun: z.string().min(1).max(100),
      place: z.string().min(1).max(200).optional(),
      maxPrice: z.number().positive().optional(),
      minRating: z.number().min(0).max(10).optional(),
      features: z.array(z.string().min(1).max(100)).max(10).default([]),
      rankBy: z.enum(['price', 'rating']).optional(),
      order: z.enum(['asc', 'desc']).optional(),
      limit: z.number().int().min(1).max(100).optional(),
    })
    .optional(),
  task: z
    .object({
      verb: z.string().min(1).max(50),
      fields: z.array(z.object({ label: z.string().min(1).max(100), value: z.string().max(2000) })).max(20),
      submit: z.boolean(),
    })
    .optional(),
});
export type LlmPlan = z.infer<typeof llmPlanSchema>;

const SYSTEM = [
  'You plan research for a web agent. Classify the request and split it into parts.',
  'kind: "fact" (one fact), "multi" (several facts, several entities, or a comparison), "listing" (items',
  'with constraints, e.g. hotels under a price), "explore" (look around a site the user names), "task"',
  '(fill, select, submit, log in on a page).',
  'parts: one per fact to find, each a standalone question with its entity and a short search query.',
  'combine: "single", "all" (list every part), "max" or "min" (a comparison picks the larger or smaller).',
  'listing: the plural noun, place, price limit, minimum rating, required features, ranking.',
  'task: the verb, the field values the user gave (only values written in the request), and submit=true',
  'only if the request asks to send, submit, book, buy or log in.',
  'Reply with one JSON object with keys kind, parts, combine, listing (optional), task (optional).',
].join('\n');

export type PlannerOutcome = { plan: Plan; fallback?: string };

/**
 * The plan from the model, validated with Zod (asked again once when malformed, by the client),
 * else the deterministic planner. The model never invents the user's details: a task value that is
 * not written in the request is dropped, and the user's URLs and named site come from the request.
 */
export async function planWithLlm(input: {
  llm: LlmClient;
  question: string;
  urls?: readonly string[];
  runId: string;
}): Promise<PlannerOutcome> {
  const heuristic = planHeuristically({
    question: input.question,
    ...(input.urls ? { urls: input.urls } : {}),
  });
  // an instruction's steps are read from its grammar and grounded on the page; the model plans the rest
  if (heuristic.instruction) return { plan: heuristic };
  let reply: LlmPlan;
  try {
    reply = (
      await input.llm.json({ system: SYSTEM, user: `Request: ${heuristic.question}` }, llmPlanSchema, {
        runId: input.runId,
        retriesOnInvalid: 1,
      })
    ).value;
  } catch (err) {
    if (
      err instanceof LlmInvalidReplyError ||
      err instanceof LlmUnavailableError ||
      err instanceof LlmRefusalError
    )
      return { plan: heuristic, fallback: `${err.name}: ${err.message}`.slice(0, 300) };
    throw err;
  }
  return { plan: planFromLlm(reply, heuristic) };
}

/** The model's plan made into the loop's Plan, anchored to what the request itself says. */
export function planFromLlm(reply: LlmPlan, heuristic: Plan): Plan {
  const question = heuristic.question;
  const parts: Part[] = reply.parts.map((p, i) => {
    const base = part(i + 1, p.question, p.entity ? { entity: p.entity } : {});
    const attribute = base.attribute ?? attributeOf(p.question)?.id;
    return {
      ...base,
      ...(attribute ? { attribute } : {}),
      query: p.query?.trim() || queryFor(p.question),
    };
  });
  const combine: Combine =
    reply.combine === 'max' || reply.combine === 'min'
      ? { kind: 'compare', pick: reply.combine }
      : { kind: reply.combine };
  const lower = question.toLowerCase();
  const listing = reply.listing
    ? {
        noun: reply.listing.noun,
        ...(reply.listing.place ? { place: reply.listing.place } : {}),
        ...(reply.listing.maxPrice !== undefined ? { maxPrice: reply.listing.maxPrice } : {}),
        ...(reply.listing.minRating !== undefined ? { minRating: reply.listing.minRating } : {}),
        features: reply.listing.features,
        ...(reply.listing.rankBy
          ? {
              rank: {
                by: reply.listing.rankBy,
                order: reply.listing.order ?? (reply.listing.rankBy === 'price' ? 'asc' : 'desc'),
              },
            }
          : {}),
        ...(reply.listing.limit !== undefined ? { limit: reply.listing.limit } : {}),
      }
    : undefined;
  const task = reply.task
    ? {
        verb: reply.task.verb.toLowerCase(),
        // a value the request does not contain is the model's invention, not the user's detail
        fields: reply.task.fields.filter((f) => f.value !== '' && lower.includes(f.value.toLowerCase())),
        submit: reply.task.submit,
      }
    : heuristic.task;
  const kind =
    reply.kind === 'listing' && !listing
      ? heuristic.kind
      : reply.kind === 'task' && !task
        ? heuristic.kind
        : reply.kind;
  const plan: Omit<Plan, 'steps' | 'source'> = {
    kind,
    question,
    parts: kind === 'listing' || kind === 'task' ? [part(1, question)] : parts,
    combine: kind === 'listing' ? { kind: 'all' } : combine,
    ...(kind === 'listing' && listing ? { listing } : {}),
    ...(kind === 'task' && task ? { task } : {}),
    ...(heuristic.site ? { site: heuristic.site } : {}),
    startUrls: heuristic.startUrls,
    ...(heuristic.scope ? { scope: heuristic.scope } : {}),
  };
  return { ...plan, steps: stepsFor(plan), source: 'llm' };
}
