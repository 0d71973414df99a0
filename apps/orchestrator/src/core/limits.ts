import type { RunLimits } from './loop/navigator.js';
import type { Plan } from './plan/plan.js';

/**
 * A run's limits: the request's page budget counts per part (a comparison of two reads twice as
 * many pages), exploration, listings and tasks get one site's page limit on top, and the
 * service's caps bound everything. Wall time stops short of the run deadline so the run can still
 * verify and report.
 */
export function limitsFor(input: {
  plan: Plan;
  maxPagesPerPart: number;
  caps: { maxPages: number; maxSteps: number; maxSearches: number; pagesPerSite: number; deadlineMs: number };
}): RunLimits {
  const { plan, caps } = input;
  const exploring = plan.kind === 'listing' || plan.kind === 'explore' || plan.kind === 'task';
  const pages =
    input.maxPagesPerPart * Math.max(1, plan.parts.length) +
    plan.startUrls.length +
    (exploring ? caps.pagesPerSite : 0);
  return {
    maxPages: Math.min(caps.maxPages, pages),
    maxSteps: caps.maxSteps,
    maxSearches: Math.min(caps.maxSearches, 2 * Math.max(1, plan.parts.length) + 1),
    maxWallMs: Math.max(1_000, caps.deadlineMs - Math.min(30_000, caps.deadlineMs / 4)),
    maxPagesPerSite: caps.pagesPerSite,
  };
}
