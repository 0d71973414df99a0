import type { RunLimits } from '../loop/navigator.js';
import { planHeuristically } from '../plan/heuristic-planner.js';
import type { Part, Plan } from '../plan/plan.js';
import type { FakeWeb } from './fake-web.js';

/** Run limits roomy enough that a test's run stops for its own reason, not a limit. */
export const TEST_LIMITS: RunLimits = {
  maxPages: 10,
  maxSteps: 60,
  maxSearches: 6,
  maxWallMs: 60_000,
  maxPagesPerSite: 5,
};

const W = 'http://wiki.test';
const country = (name: string, population: string) => ({
  title: name,
  lines: [`Capital: ${name}ville`, `Population (2023 census): ${population}`],
});

/**
 * A two-part comparison over a fake wiki ("Which has the larger population, Qora or Kemonia?"),
 * one page per country: the run that checkpoint tests stop and resume.
 */
export const comparison = {
  wiki: W,
  web: {
    pages: { [`${W}/Qora`]: country('Qora', '1,200'), [`${W}/Kemonia`]: country('Kemonia', '3,400') },
    index: { 'population qora': [`${W}/Qora`], 'population kemonia': [`${W}/Kemonia`] },
  } satisfies FakeWeb,
  input: {
    plan: planHeuristically({ question: 'Which has the larger population, Qora or Kemonia?' }),
    limits: TEST_LIMITS,
    sufficientConfidence: 0.6,
    resultsPerSearch: 5,
  },
};

/** A fact plan of one part, as the loop's feedback and aggregation see it. */
export function onePartPlan(p: Part, question = p.question): Plan {
  return {
    kind: 'fact',
    question,
    parts: [p],
    combine: { kind: 'single' },
    startUrls: [],
    steps: [],
    source: 'heuristic',
  };
}
