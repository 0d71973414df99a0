import type { ReleasedAnswer, RunOutcome, VerdictRef } from '@forage/contracts';
import type { Activities } from './activities.js';
import { meetsConstraints } from './aggregate/listing-items.js';
import { aggregate } from './aggregate/aggregate.js';
import { releaseAnswer, type Carried, type CheckedCandidate } from './aggregate/release.js';
import { normalizeUrl, termsOf } from './explore/site-frontier.js';
import { actOnPage } from './loop/act.js';
import { checkpointOf, restoreCheckpoint, type Checkpoint } from './loop/checkpoint.js';
import { fillMissingDetails } from './loop/details.js';
import { decide, type LoopView, type RunLimits } from './loop/navigator.js';
import { RunState } from './loop/run-state.js';
import { namedTaskSite } from './loop/task-site.js';
import { describeDecision, timedStep } from './loop/step.js';
import { visit } from './loop/visit.js';
import { feedbackQuery } from './loop/feedback.js';
import { ReadingLog, pageScopeFailures } from './loop/reading-log.js';
import { overBudget, type LlmSpend } from './loop/spend.js';
import type { Plan } from './plan/plan.js';

export interface ResearchInput {
  readonly plan: Plan;
  readonly limits: RunLimits;
  /** An answer at least this confident answers a part. */
  readonly sufficientConfidence: number;
  /** Search results kept per query. */
  readonly resultsPerSearch: number;
  /** Where a redelivered run left off. */
  readonly resume?: Checkpoint;
  /** ORCH_MAX_COST_USD: the run stops once its LLM and paid-search spend passes it. */
  readonly maxCostUsd?: number;
  /** Dollars spent for the run outside the loop so far (the LLM planner), asked at every step. */
  readonly spentElsewhereUsd?: () => number;
  /** Verified earlier hops of a nested question, verified again with this plan's answer as one chain. */
  readonly carried?: Carried;
}

export interface RunMetrics {
  readonly pages: number;
  readonly searches: number;
  readonly actions: number;
  readonly steps: number;
  readonly stoppedBy: string;
}

export interface ResearchResult {
  readonly outcome: RunOutcome;
  readonly answer: ReleasedAnswer | null;
  readonly failures: { claim: string; reason: string }[];
  readonly metrics: RunMetrics;
  readonly verdict?: VerdictRef;
  /** Every candidate fact or item with its verification status. */
  readonly checked: readonly CheckedCandidate[];
  /** The search results the run read, and whether they gave anything used. */
  readonly searchOutcomes: readonly { url: string; outcome: 'useful' | 'useless' }[];
  /** The LLM calls the services reported for the run's answers. */
  readonly llm: LlmSpend;
}

/**
 * The research loop (INFOGENT's navigator / extractor / aggregator): the navigator decides one
 * action at a time from the run state; reading a page extracts chunks, items, links and possible
 * actions; aggregation answers the parts and names what is missing, which shapes the next query.
 */
export async function research(given: Activities, input: ResearchInput): Promise<ResearchResult> {
  const { plan } = input;
  const log = new ReadingLog();
  const acts = log.observe(given);
  const state = new RunState(input.limits);
  if (input.resume) restoreCheckpoint(state, input.resume);
  state.taskSite ??= namedTaskSite(plan);
  const started = acts.now();
  const step = timedStep(acts);
  const taskTerms = termsOf(
    [
      plan.question,
      ...(plan.listing ? [plan.listing.noun, plan.listing.place ?? '', ...plan.listing.features] : []),
    ].join(' '),
  );
  await acts.report({
    step: 'plan',
    status: 'succeeded',
    detail:
      `${plan.kind} (${plan.source}): ${plan.steps.map((s) => `${s.action} ${s.detail}`).join(' → ')}`.slice(
        0,
        2000,
      ),
    durationMs: 0,
  });
  if (input.resume)
    await acts.report({
      step: 'plan',
      status: 'succeeded',
      detail: `resumed after step ${String(input.resume.steps)}: ${String(input.resume.pagesRead)} pages, ${String(input.resume.searches)} searches and ${String(input.resume.answers.length)} answers kept`,
      durationMs: 0,
    });
  const startUrls = plan.startUrls.length > 0 ? plan.startUrls : plan.site ? [siteRoot(plan.site)] : [];
  let stoppedBy: string;
  let costReason: string | undefined;

  for (;;) {
    const cancelled = acts.cancelled();
    if (cancelled) {
      stoppedBy = 'cancelled';
      await acts.report({
        step: 'plan',
        status: 'succeeded',
        detail: `TERMINATE (cancelled) — ${cancelled}`,
        durationMs: 0,
      });
      break;
    }
    costReason = overBudget({
      spend: state.spend,
      elsewhereUsd: input.spentElsewhereUsd?.() ?? 0,
      maxCostUsd: input.maxCostUsd,
    });
    if (costReason) {
      stoppedBy = 'cost_limit';
      await acts.report({
        step: 'plan',
        status: 'succeeded',
        detail: `TERMINATE (cost_limit) — ${costReason}`,
        durationMs: 0,
      });
      break;
    }
    if (state.taskMissing.length > 0 && !state.askedUser && state.taskDone === undefined)
      await fillMissingDetails({ acts, state, plan });
    const frontier = state.currentSite ? state.frontiers.get(state.currentSite) : undefined;
    const pagination = [...state.pendingNext].find((u) => !state.isVisited(u));
    const best = pagination
      ? { url: pagination, text: 'next page', score: 99 }
      : frontier?.best(state.visited);
    const feedback = currentFeedback(plan, state);
    const searchClosed = searchClosedFor(plan, state);
    const decision = decide({
      limits: state.limits,
      elapsedMs: acts.now() - started,
      steps: state.steps,
      pagesRead: state.pagesRead,
      searches: state.searches,
      unaggregated: state.unaggregated,
      sufficient: isSufficient(plan, state),
      startUrls: startUrls.filter((u) => !state.isVisited(u)),
      pageActs: state.pageActs,
      ...(state.deadBranch ? { deadBranch: state.deadBranch } : {}),
      ...(best ? { nextLink: best } : {}),
      resultUrls: state.resultUrls,
      ...(feedback ? { feedbackQuery: feedback } : {}),
      visited: state.visited,
      actKeysTried: state.actKeysTried,
      ...(searchClosed !== undefined ? { searchClosed } : {}),
    });
    state.steps += 1;
    await acts.report({
      step: 'plan',
      status: 'succeeded',
      detail: describeDecision(decision),
      durationMs: 0,
    });
    if (decision.action === 'TERMINATE') {
      stoppedBy = decision.reason;
      break;
    }
    switch (decision.action) {
      case 'SEARCH': {
        state.searches += 1;
        state.servingPart = decision.partId;
        state.queriesTried.add(decision.query.toLowerCase());
        const query = withinScope(decision.query, plan);
        const reply = await step(
          'search',
          () => acts.search(query),
          (r) => `"${decision.query}": ${String(r.results.length)} results`,
        ).catch(() => undefined);
        if (reply) {
          state.expectedRecordIds.push(reply.logRecordId);
          state.spend.addSearch(reply.costUsd);
          state.resultUrls = reply.results
            .slice(0, input.resultsPerSearch)
            .map((r) => r.url)
            .filter((u) => !state.isVisited(u) && inScope(u, plan));
          for (const u of state.resultUrls) state.searchedUrls.add(normalizeUrl(u));
        }
        break;
      }
      case 'VISIT':
        state.resultUrls = state.resultUrls.filter((u) => normalizeUrl(u) !== normalizeUrl(decision.url));
        state.pendingNext.delete(decision.url);
        for (const f of state.frontiers.values()) f.remove(decision.url);
        await visit({ acts, step, state, plan, url: decision.url, taskTerms });
        break;
      case 'ACT':
        await actOnPage({ acts, step, state, plan, act: decision.plan, taskTerms });
        break;
      case 'GO_BACK': {
        const dropped = state.currentSite
          ? (state.frontiers.get(state.currentSite)?.dropBranch(decision.from) ?? 0)
          : 0;
        state.deadBranch = undefined;
        await acts.report({
          step: 'plan',
          status: 'succeeded',
          detail: `GO_BACK dropped ${String(dropped)} links of ${decision.from}`,
          durationMs: 0,
        });
        break;
      }
      case 'AGGREGATE': {
        await aggregate({ acts, step, state, plan, sufficientConfidence: input.sufficientConfidence });
        state.unaggregated = false;
        if (state.servingPart && state.answers.has(state.servingPart)) {
          // the results and links gathered for an answered part do not serve the next one
          state.resultUrls = [];
          state.currentSite = undefined;
          state.deadBranch = undefined;
          state.servingPart = undefined;
        }
        break;
      }
    }
    await acts.checkpoint(checkpointOf(state));
  }
  if (stoppedBy === 'cancelled')
    return {
      outcome: 'cancelled',
      answer: null,
      failures: [{ claim: '', reason: acts.cancelled() ?? 'cancelled' }],
      checked: [],
      searchOutcomes: searchOutcomesOf(state, new Set()),
      llm: state.spend.llm,
      metrics: {
        pages: state.pagesRead,
        searches: state.searches,
        actions: state.actions,
        steps: state.steps,
        stoppedBy,
      },
    };
  const released = await releaseAnswer({
    acts,
    step,
    state,
    plan,
    ...(input.carried ? { carried: input.carried } : {}),
  });
  const usedUrls = new Set(released.checked.map((c) => normalizeUrl(c.candidate.answer.source.url)));
  const unanswered = pageScopeFailures({ scope: plan.scope, log, answered: released.outcome === 'answered' });
  return {
    ...released,
    // what was verified before the limit is still released; the limit is said first
    failures: [
      ...(costReason ? [{ claim: '', reason: costReason }] : []),
      ...released.failures,
      ...unanswered,
    ],
    llm: state.spend.llm,
    searchOutcomes: searchOutcomesOf(state, usedUrls),
    metrics: {
      pages: state.pagesRead,
      searches: state.searches,
      actions: state.actions,
      steps: state.steps,
      stoppedBy,
    },
  };
}

/** A search result read is useful when a fact or item the run found came from it. */
function searchOutcomesOf(
  state: RunState,
  used: ReadonlySet<string>,
): { url: string; outcome: 'useful' | 'useless' }[] {
  return [...state.searchedUrls]
    .filter((u) => state.visited.has(u))
    .map((url) => ({ url, outcome: used.has(url) ? 'useful' : 'useless' }));
}

/**
 * Why the run may not search: a question about the page the user gave is answered from it and
 * its own site's links; a task bound to a site (named, or confirmed by the user) never looks for
 * another site to send the same details to.
 */
function searchClosedFor(plan: Plan, state: RunState): string | undefined {
  // a site's home page given: its own pages may be searched for (site: operators), nothing else
  if (plan.scope?.kind === 'page' && !plan.scope.site) return plan.scope.why;
  if (plan.kind === 'task' && state.taskSite)
    return `the task is on ${state.taskSite}; no other site is looked for to send the details to`;
  return undefined;
}

/** A query held to the sites of a page scope (`site:host:port` for each), else as it is. */
function withinScope(query: string, plan: Plan): string {
  if (plan.scope?.kind !== 'page') return query;
  return [query, ...plan.scope.origins.map((o) => `site:${new URL(o).host}`)].join(' ');
}

/** A result on one of the page scope's sites (a provider may ignore `site:`); any result when open. */
function inScope(url: string, plan: Plan): boolean {
  if (plan.scope?.kind !== 'page') return true;
  try {
    return plan.scope.origins.includes(new URL(url).origin);
  } catch {
    return false;
  }
}

function siteRoot(site: string): string {
  return /^https?:\/\//.test(site) ? `${new URL(site).origin}/` : `https://${site}/`;
}

/** What is still missing, as the next query (none once the request is served). */
function currentFeedback(plan: Plan, state: RunState): LoopView['feedbackQuery'] {
  if (isSufficient(plan, state)) return undefined;
  const missing = plan.parts.filter((p) => !state.answers.has(p.id));
  return feedbackQuery({
    plan,
    missing: missing.length > 0 ? missing : plan.parts,
    tried: state.queriesTried,
    tentative: state.tentative,
    leads: state.leads,
  });
}

/**
 * A link on the current site that names the very list asked for (its text carries the listed noun
 * and the place) and is not read yet: a fuller listing than the items seen so far.
 */
function listLinkPending(plan: Plan, state: RunState): boolean {
  const listing = plan.listing;
  if (!listing || !state.currentSite) return false;
  const want = [...termsOf(`${listing.noun} ${listing.place ?? ''}`)];
  const frontier = state.frontiers.get(state.currentSite);
  return (
    (frontier?.peek() ?? []).some((l) => {
      if (state.isVisited(l.url)) return false;
      const have = termsOf(l.text);
      return want.every((w) => have.has(w));
    }) && frontier?.best(state.visited) !== undefined
  );
}

function isSufficient(plan: Plan, state: RunState): boolean {
  // a task is served once done, or once the details it lacks were looked for and are still missing
  if (plan.kind === 'task')
    return (
      state.taskDone !== undefined ||
      state.taskEnded !== undefined ||
      (state.taskMissing.length > 0 && state.askedUser)
    );
  if (plan.kind === 'listing') {
    const pendingPages = [...state.pendingNext].some((u) => !state.isVisited(u));
    const matching = plan.listing
      ? state.items.filter((i) => plan.listing && meetsConstraints(i.item, plan.listing, i.context))
      : [];
    return (
      matching.length > 0 && !pendingPages && state.pageActs.length === 0 && !listLinkPending(plan, state)
    );
  }
  return plan.parts.every((p) => state.answers.has(p.id));
}
