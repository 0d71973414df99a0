import type { EvidenceRef, SourcedChunk } from '@forage/contracts';
import type { Activities, AnswerReply } from '../activities.js';
import { groundSteps, type Grounding } from '../act/ground.js';
import { itemsOfPage } from '../aggregate/listing-items.js';
import { searchFormPlan, taskFormPlan } from '../explore/form-actions.js';
import { readPageStructure, type PageStructure } from '../explore/page-structure.js';
import { normalizeUrl } from '../explore/site-frontier.js';
import { pageLabels } from '@forage/question';
import type { Plan, TaskSpec } from '../plan/plan.js';
import { UserPageRefusedError } from '../../errors.js';
import type { PageActPlan } from './navigator.js';
import type { RunState } from './run-state.js';
import type { StepRunner } from './step.js';
import { isOnSite } from './task-site.js';

export interface LoopDeps {
  acts: Activities;
  step: StepRunner;
  state: RunState;
  plan: Plan;
  taskTerms: ReadonlySet<string>;
}

/** VISIT: render the page, understand it, and read its links, forms and disclosure controls. */
export async function visit(deps: LoopDeps & { url: string; retry?: boolean }): Promise<void> {
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
  if (deps.plan.startUrls.includes(url))
    state.scopePages.add(normalizeUrl(url)).add(normalizeUrl(page.finalUrl));
  state.expectedRecordIds.push(page.logRecordId);
  if (page.outcome.kind === 'blocked' && !signInTaskPage(deps.plan, page.outcome.reason)) {
    // a page the user wants (theirs, or the task's) is handed to them, never bypassed; others are skipped
    const wanted = deps.plan.startUrls.includes(url) || deps.plan.kind === 'task';
    if (wanted && !deps.retry && !state.askedAboutBlock) {
      state.askedAboutBlock = true;
      const answered = await acts.askUser({
        reason: `the page is blocked (${page.outcome.reason}); Forage does not get past captchas or login walls — open it yourself, then answer to let the run read it again`,
        url: page.finalUrl,
        questions: [],
        details: [],
      });
      if (answered) return visit({ ...deps, retry: true });
    }
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

export /** Understands one capture and files what it holds: chunks, labels, items, links and possible actions. */
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
  if (understanding.mainItem)
    state.mainItems.set(source.url, {
      item: understanding.mainItem,
      capture: { domSnapshot: source.domSnapshot, logRecordId: source.logRecordId },
    });
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
          ...(plan.listing ? { noun: plan.listing.noun } : {}),
        })
      : [];
  const context = `${understanding.title} ${chunks[0]?.text ?? ''}`;
  state.items.push(...items.map((item) => ({ item, context })));
  const origin = new URL(source.url).origin;
  state.currentSite = origin;
  const frontier = state.frontierFor(origin);
  frontier.markRead();
  const offered = frontier.offer({
    links: followable({ plan, state, url: source.url, links: structure.links }),
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
  // a task acts on its site alone: the form of any other site is neither planned nor filled
  const task =
    state.taskSite === undefined || isOnSite(source.url, state.taskSite) ? taskOfRun(plan, state) : undefined;
  if (task?.submit && state.taskDone === undefined) {
    // details the request lacks come from memory or the user (asked once), never guessed
    const form = taskFormPlan(structure.forms, task);
    if (form && form.missing.length > 0) {
      state.taskMissing = form.missing;
      state.taskMissingFields = form.missingFields;
      state.taskPage = { url: source.url, structure, stateKey: source.domSnapshot.sha256 };
    }
  }
  const instruction = await instructionOnPage({ plan, state, url: source.url, structure, acts: deps.acts });
  state.pageActs = pageActsFor({
    plan,
    ...(task ? { task } : {}),
    ...(instruction ? { instruction } : {}),
    structure,
    url: source.url,
    stateKey: source.domSnapshot.sha256,
    yielded,
  }).filter(
    // a site's search form is used once; its results page carries the same form again
    (a) => a.purpose !== 'search-form' || !state.formsUsed.has(origin),
  );
  return { chunks };
}

/**
 * The links of a page the run may follow. A question held to the page the user gave follows that
 * page's links to its own site(s) only, one hop; a listing or a task on it explores that site (the
 * next result pages, the form's page) but never leaves it. Any other run follows every link.
 */
function followable(input: {
  plan: Plan;
  state: RunState;
  url: string;
  links: PageStructure['links'];
}): PageStructure['links'] {
  const { scope } = input.plan;
  const { taskSite } = input.state;
  // a task bound to a site explores that site only
  const onTaskSite = (links: PageStructure['links']): PageStructure['links'] =>
    input.plan.kind === 'task' && taskSite ? links.filter((l) => isOnSite(l.url, taskSite)) : links;
  if (scope?.kind !== 'page') return onTaskSite(input.links);
  const exploring = input.plan.kind === 'listing' || input.plan.kind === 'task';
  if (!exploring && !scope.site && !input.state.scopePages.has(normalizeUrl(input.url))) return [];
  const sites = new Set([...scope.origins, originOf(input.url)]);
  return onTaskSite(input.links.filter((l) => sites.has(originOf(l.url))));
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/**
 * The actions worth taking on a page for this plan: open disclosures, use a search form, do the
 * task. A page that yielded nothing for the task (`yielded` false) under a banner or modal, with
 * nothing else to do, gets the overlay dismissed on its own: content may wait for consent.
 */
export function pageActsFor(input: {
  plan: Plan;
  task?: TaskSpec;
  /** The instruction's next steps, grounded on this page. */
  instruction?: Grounding;
  structure: PageStructure;
  url: string;
  stateKey: string;
  yielded?: boolean;
}): PageActPlan[] {
  const { plan, structure, url, stateKey } = input;
  const out: PageActPlan[] = [];
  if (plan.instruction) {
    const g = input.instruction;
    if (g && g.actions.length > 0)
      out.push({
        url,
        purpose: 'instruction',
        actions: g.actions,
        described: g.described,
        stateKey,
        consumed: g.consumed,
      });
    return out;
  }
  if (plan.kind === 'task' && input.task) {
    const form = taskFormPlan(structure.forms, input.task);
    if (form)
      out.push({ url, purpose: 'task-form', actions: form.actions, described: form.described, stateKey });
    return dismissingOverlay(out, structure);
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
  const overlay = structure.overlays?.[0];
  if (out.length === 0 && overlay && input.yielded === false)
    return [
      {
        url,
        purpose: 'disclose',
        actions: [{ type: 'click', target: { xpath: overlay.xpath } }],
        described: [`dismiss the overlay ("${overlay.name}")`],
        stateKey,
      },
    ];
  return dismissingOverlay(out, structure);
}

/** A banner or modal over the page would take the first click: each act dismisses it first. */
function dismissingOverlay(out: PageActPlan[], structure: PageStructure): PageActPlan[] {
  const overlay = structure.overlays?.[0];
  if (!overlay) return out;
  return out.map((a) => ({
    ...a,
    actions: [{ type: 'click' as const, target: { xpath: overlay.xpath } }, ...a.actions],
    described: [`dismiss the overlay ("${overlay.name}")`, ...a.described],
  }));
}

/** The task as the run knows it now: the request's values plus details recalled or asked. */
/**
 * The instruction's steps not done yet, grounded on the page just read — on the page the user gave
 * (or where the instruction's own steps led) only. A first step nothing on the page answers ends
 * the task as failed, naming the step and the elements the page offers: the run never looks
 * elsewhere for a place to act.
 */
async function instructionOnPage(input: {
  plan: Plan;
  state: RunState;
  url: string;
  structure: PageStructure;
  acts: Pick<Activities, 'chooseElements'>;
}): Promise<Grounding | undefined> {
  const { plan, state, url, structure } = input;
  if (!plan.instruction || state.taskDone !== undefined || state.taskEnded !== undefined) return undefined;
  if (state.taskSite !== undefined && !isOnSite(url, state.taskSite)) return undefined;
  const left = plan.instruction.slice(state.instructionDone);
  if (left.length === 0) return undefined;
  const controls = structure.controls ?? [];
  // with a model, its proposals of which control each step means; the grammar's grounding decides
  const proposed = input.acts.chooseElements
    ? await input.acts.chooseElements({ instruction: plan.question, steps: left, controls })
    : undefined;
  const grounding = groundSteps(left, controls, proposed ? { proposed } : {});
  if (grounding.actions.length === 0 && grounding.unresolved) {
    const { why, candidates } = grounding.unresolved;
    state.taskEnded = {
      outcome: 'failed',
      reason: `could not do step ${String(state.instructionDone + 1)} of the instruction on ${url}: ${why}${
        candidates.length > 0 ? `; the page offers ${candidates.join(', ')}` : ''
      }`,
    };
    return undefined;
  }
  return grounding;
}

export function taskOfRun(plan: Plan, state: RunState): TaskSpec | undefined {
  if (!plan.task) return undefined;
  if (state.extraFields.length === 0) return plan.task;
  return { ...plan.task, fields: [...plan.task.fields, ...state.extraFields] };
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

/**
 * A login wall is what a sign-in task asked for: its form is the task's page, not a block to
 * hand to the user. Any other block (a captcha, a refusal) is still never bypassed.
 */
function signInTaskPage(plan: Plan, reason: string): boolean {
  return (
    plan.kind === 'task' &&
    reason === 'login_wall' &&
    // an instruction on the page the user gave acts on its login form as told
    (plan.instruction !== undefined || /^(?:log ?in|sign ?in)$/.test(plan.task?.verb ?? ''))
  );
}

/** A refusal by policy (egress guard) from the service that was asked, as its typed error code says. */
function isPolicyDenial(err: unknown): err is Error {
  return err instanceof Error && (err as { code?: unknown }).code === 'egress_denied';
}
