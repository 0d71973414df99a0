import type {
  EvidenceRef,
  ReleasedAnswer,
  RunOutcome,
  SourcedChunk,
  StepName,
  VerdictRef,
} from '@forage/contracts';
import type { Activities, AnswerReply } from './activities.js';
import { itemsOfPage, meetsConstraints } from './aggregate/listing-items.js';
import { aggregate } from './aggregate/aggregate.js';
import { releaseAnswer } from './aggregate/release.js';
import { searchFormPlan, taskFormPlan } from './explore/form-actions.js';
import { readPageStructure, type PageStructure } from './explore/page-structure.js';
import { normalizeUrl, termsOf } from './explore/site-frontier.js';
import {
  actKey,
  decide,
  type Decision,
  type LoopView,
  type PageActPlan,
  type RunLimits,
} from './loop/navigator.js';
import { RunState } from './loop/run-state.js';
import { UserPageRefusedError } from '../errors.js';
import { feedbackQuery } from './loop/feedback.js';
import { pageLabels } from './plan/attributes.js';
import type { Plan } from './plan/plan.js';

export interface ResearchInput {
  readonly plan: Plan;
  readonly limits: RunLimits;
  /** An answer at least this confident answers a part. */
  readonly sufficientConfidence: number;
  /** Search results kept per query. */
  readonly resultsPerSearch: number;
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
}

/**
 * The research loop (INFOGENT's navigator / extractor / aggregator): the navigator decides one
 * action at a time from the run state; reading a page extracts chunks, items, links and possible
 * actions; aggregation answers the parts and names what is missing, which shapes the next query.
 */
export async function research(acts: Activities, input: ResearchInput): Promise<ResearchResult> {
  const { plan } = input;
  const state = new RunState(input.limits);
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
  const startUrls = plan.startUrls.length > 0 ? plan.startUrls : plan.site ? [siteRoot(plan.site)] : [];
  let stoppedBy: string;

  for (;;) {
    const frontier = state.currentSite ? state.frontiers.get(state.currentSite) : undefined;
    const pagination = [...state.pendingNext].find((u) => !state.isVisited(u));
    const best = pagination
      ? { url: pagination, text: 'next page', score: 99 }
      : frontier?.best(state.visited);
    const feedback = currentFeedback(plan, state);
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
        const reply = await step(
          'search',
          () => acts.search(decision.query),
          (r) => `"${decision.query}": ${String(r.results.length)} results`,
        ).catch(() => undefined);
        if (reply) {
          state.expectedRecordIds.push(reply.logRecordId);
          state.resultUrls = reply.results
            .slice(0, input.resultsPerSearch)
            .map((r) => r.url)
            .filter((u) => !state.isVisited(u));
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
  }
  const released = await releaseAnswer({ acts, step, state, plan });
  return {
    ...released,
    metrics: {
      pages: state.pagesRead,
      searches: state.searches,
      actions: state.actions,
      steps: state.steps,
      stoppedBy,
    },
  };
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
  if (plan.kind === 'task') return state.taskDone !== undefined || state.taskMissing.length > 0;
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

interface LoopDeps {
  acts: Activities;
  step: ReturnType<typeof timedStep>;
  state: RunState;
  plan: Plan;
  taskTerms: ReadonlySet<string>;
}

/** VISIT: render the page, understand it, and read its links, forms and disclosure controls. */
async function visit(deps: LoopDeps & { url: string }): Promise<void> {
  const { acts, step, state, url } = deps;
  state.markVisited(url);
  const page = await step(
    'extract',
    () => acts.extract(url),
    (p) => `${p.finalUrl} (${String(p.status)})`,
  ).catch((err: unknown) => {
    if (deps.plan.startUrls.includes(url) && isPolicyDenial(err))
      throw new UserPageRefusedError(`${url} was not read: ${err.message}`);
    return undefined;
  });
  if (!page) return;
  state.pagesRead += 1;
  state.markVisited(page.finalUrl);
  state.expectedRecordIds.push(page.logRecordId);
  if (page.outcome.kind === 'blocked') {
    await acts.report({
      step: 'extract',
      status: 'failed',
      detail: `blocked (${page.outcome.reason}), skipped: ${page.finalUrl}`,
      durationMs: null,
    });
    return;
  }
  state.pages.set(page.logRecordId, page);
  await readCapture({
    ...deps,
    source: { url: page.finalUrl, domSnapshot: page.evidence.domSnapshot, logRecordId: page.logRecordId },
  });
}

/** ACT: perform the planned actions in the run's browser session, then read the page they left. */
async function actOnPage(deps: LoopDeps & { act: PageActPlan }): Promise<void> {
  const { acts, step, state, act } = deps;
  state.actKeysTried.add(actKey(act));
  state.pageActs = state.pageActs.filter((p) => actKey(p) !== actKey(act));
  state.actions += act.actions.length;
  if (act.purpose === 'search-form') state.formsUsed.add(new URL(act.url).origin);
  const acted = await step(
    'act',
    () => acts.act({ url: act.url, actions: act.actions, described: act.described }),
    (a) => `${act.purpose}: ${a.done.join('; ')} on ${a.url}`,
  ).catch(() => undefined);
  if (!acted) return;
  state.expectedRecordIds.push(...acted.recordIds);
  state.markVisited(acted.url);
  if (act.purpose === 'disclose') {
    // the disclosed page supersedes its first render
    const stale = new Set(
      state.chunks.filter((c) => normalizeUrl(c.url) === normalizeUrl(act.url)).map((c) => c.chunkId),
    );
    state.chunks.splice(0, state.chunks.length, ...state.chunks.filter((c) => !stale.has(c.chunkId)));
  }
  const read = await readCapture({ ...deps, source: acted });
  if (act.purpose === 'task-form' && read) {
    const said = acted.messages.map((m) => m.text);
    const chunk =
      read.chunks.find((c) => said.some((s) => c.text.includes(s) || s.includes(c.text))) ?? read.chunks[0];
    const text = said.find((s) => chunk?.text.includes(s)) ?? chunk?.text;
    if (chunk && text) state.taskDone = { text, source: { ...sourceOf(chunk), snippet: chunk.text } };
  }
}

/** Understands one capture and files what it holds: chunks, labels, items, links and possible actions. */
async function readCapture(
  deps: LoopDeps & { source: { url: string; domSnapshot: EvidenceRef; logRecordId: string } },
): Promise<{ chunks: SourcedChunk[] } | undefined> {
  const { acts, step, state, plan, source } = deps;
  const understanding = await step(
    'understand',
    () => acts.understand(source),
    (u) =>
      `${String(u.chunks.length)} chunks, ${String(u.interactive.length)} controls, ${String(u.listings?.length ?? 0)} listings`,
  ).catch(() => undefined);
  if (!understanding) return undefined;
  state.expectedRecordIds.push(understanding.logRecordId);
  const chunks: SourcedChunk[] = understanding.chunks.map((chunk) => ({
    chunkId: `${source.logRecordId}:${chunk.id}`,
    url: source.url,
    title: understanding.title,
    text: chunk.text,
    headingPath: chunk.headingPath,
    xpath: chunk.xpath,
    domSnapshot: source.domSnapshot,
    logRecordId: source.logRecordId,
  }));
  state.chunks.push(...chunks);
  state.labels.set(source.url, pageLabels(chunks.map((c) => c.text)));
  state.unaggregated = true;
  const structure = await acts.pageHtml(source.domSnapshot).then(
    (html) => readPageStructure(html, source.url),
    (): PageStructure => ({ headings: [], links: [], disclosures: [], forms: [] }),
  );
  const items =
    plan.kind === 'listing'
      ? itemsOfPage({
          chunks,
          ...(understanding.listings ? { listings: understanding.listings } : {}),
          headings: structure.headings,
        })
      : [];
  const context = `${understanding.title} ${chunks[0]?.text ?? ''}`;
  state.items.push(...items.map((item) => ({ item, context })));
  const origin = new URL(source.url).origin;
  state.currentSite = origin;
  const frontier = state.frontierFor(origin);
  frontier.markRead();
  const offered = frontier.offer({
    links: structure.links,
    from: source.url,
    task: deps.taskTerms,
    visited: state.visited,
  });
  if (items.length > 0)
    for (const link of structure.links)
      if (link.next && !state.isVisited(link.url)) state.pendingNext.add(link.url);
  const yielded =
    items.length > 0 ||
    chunks.some((c) => [...deps.taskTerms].filter((t) => c.text.toLowerCase().includes(t)).length >= 2);
  state.deadBranch = !yielded && offered > 0 && state.pagesRead > 1 ? source.url : undefined;
  if (plan.task?.submit && state.taskDone === undefined) {
    // a form that needs details the request lacks is handed back to the user, never guessed
    const missing = taskFormPlan(structure.forms, plan.task)?.missing ?? [];
    if (missing.length > 0) state.taskMissing = missing;
  }
  state.pageActs = pageActsFor({
    plan,
    structure,
    url: source.url,
    stateKey: source.domSnapshot.sha256,
  }).filter(
    // a site's search form is used once; its results page carries the same form again
    (a) => a.purpose !== 'search-form' || !state.formsUsed.has(origin),
  );
  return { chunks };
}

/** The actions worth taking on a page for this plan: open disclosures, use a search form, do the task. */
function pageActsFor(input: {
  plan: Plan;
  structure: PageStructure;
  url: string;
  stateKey: string;
}): PageActPlan[] {
  const { plan, structure, url, stateKey } = input;
  const out: PageActPlan[] = [];
  if (plan.kind === 'task' && plan.task) {
    const form = taskFormPlan(structure.forms, plan.task);
    if (form)
      out.push({ url, purpose: 'task-form', actions: form.actions, described: form.described, stateKey });
    return out;
  }
  if (plan.kind === 'listing' && plan.listing) {
    const form = searchFormPlan(structure.forms, plan.listing);
    if (form)
      out.push({ url, purpose: 'search-form', actions: form.actions, described: form.described, stateKey });
  }
  const controls = structure.disclosures.slice(0, 3);
  if (controls.length > 0 && plan.kind !== 'listing')
    out.push({
      url,
      purpose: 'disclose',
      actions: controls.map((c) => ({ type: 'click' as const, target: { xpath: c.xpath } })),
      described: controls.map((c) => `open "${c.name}"`),
      stateKey,
    });
  return out;
}

export function sourceOf(chunk: SourcedChunk): Omit<AnswerReply['answers'][number]['source'], 'snippet'> {
  return {
    chunkId: chunk.chunkId,
    url: chunk.url,
    title: chunk.title,
    xpath: chunk.xpath,
    domSnapshot: chunk.domSnapshot,
    logRecordId: chunk.logRecordId,
  };
}

function describeDecision(d: Decision): string {
  switch (d.action) {
    case 'SEARCH':
      return `SEARCH "${d.query}" — ${d.why}`;
    case 'VISIT':
      return `VISIT ${d.url} — ${d.why}`;
    case 'ACT':
      return `ACT ${d.plan.described.join('; ')} — ${d.why}`;
    case 'GO_BACK':
      return `GO_BACK from ${d.from} — ${d.why}`;
    case 'AGGREGATE':
      return `AGGREGATE — ${d.why}`;
    case 'TERMINATE':
      return `TERMINATE (${d.reason}) — ${d.why}`;
  }
}

/** Runs one step, reporting started/succeeded/failed with its duration; failures are rethrown. */
export function timedStep(acts: Activities) {
  return async <T>(name: StepName, run: () => Promise<T>, describe: (value: T) => string): Promise<T> => {
    const started = acts.now();
    await acts.report({ step: name, status: 'started', detail: '', durationMs: null });
    try {
      const value = await run();
      await acts.report({
        step: name,
        status: 'succeeded',
        detail: describe(value).slice(0, 2000),
        durationMs: acts.now() - started,
      });
      return value;
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      await acts.report({
        step: name,
        status: 'failed',
        detail: detail.slice(0, 2000),
        durationMs: acts.now() - started,
      });
      throw err;
    }
  };
}

/** A refusal by policy (egress guard) from the service that was asked, as its typed error code says. */
function isPolicyDenial(err: unknown): err is Error {
  return err instanceof Error && (err as { code?: unknown }).code === 'egress_denied';
}
