import { actKey, type PageActPlan } from './navigator.js';
import { normalizeUrl } from '../explore/site-frontier.js';
import { taskOutcomeOf } from './task-outcome.js';
import { readCapture, sourceOf, type LoopDeps } from './visit.js';
import { confirmSiteQuestion, settleSiteConfirmation } from './confirm-site.js';
import { CONFIRM_SITE_KEY, isOnSite } from './task-site.js';
import type { Activities } from '../activities.js';
import type { RunState } from './run-state.js';

export /** ACT: perform the planned actions in the run's browser session, then read the page they left. */
async function actOnPage(deps: LoopDeps & { act: PageActPlan }): Promise<void> {
  const { acts, step, state, act } = deps;
  state.actKeysTried.add(actKey(act));
  state.pageActs = state.pageActs.filter((p) => actKey(p) !== actKey(act));
  if (act.purpose === 'task-form' && !(await mayActOn({ acts, state, url: act.url }))) return;
  state.actions += act.actions.length;
  if (act.purpose === 'search-form') state.formsUsed.add(new URL(act.url).origin);
  const acted = await step(
    'act',
    () => acts.act({ url: act.url, actions: act.actions, described: act.described }),
    (a) => `${act.purpose}: ${a.done.join('; ')} on ${a.url}`,
  ).catch(() => undefined);
  if (!acted) {
    // a task acted on is never retried elsewhere: the run says it did not complete
    if (act.purpose === 'task-form' || act.purpose === 'instruction')
      state.taskEnded = { outcome: 'unconfirmed', reason: `the task on ${act.url} could not be performed` };
    return;
  }
  state.expectedRecordIds.push(...acted.recordIds);
  // what the task's page showed before the action, to tell a confirmation from the page shown again
  const shownBefore =
    act.purpose === 'task-form' || act.purpose === 'instruction'
      ? state.chunks
          .filter((c) => normalizeUrl(c.url) === normalizeUrl(act.url))
          .flatMap((c) => [c.text, ...c.headingPath, c.title])
      : [];
  state.markVisited(acted.url);
  if (act.purpose === 'disclose') {
    // the disclosed page supersedes its first render
    const stale = new Set(
      state.chunks.filter((c) => normalizeUrl(c.url) === normalizeUrl(act.url)).map((c) => c.chunkId),
    );
    state.chunks.splice(0, state.chunks.length, ...state.chunks.filter((c) => !stale.has(c.chunkId)));
  }
  if (act.purpose === 'instruction') {
    // the steps carried out are done; the page they led to grounds the rest when it is read
    if (acted.done.length < act.actions.length) {
      state.taskEnded = {
        outcome: 'unconfirmed',
        reason: `the instruction did not complete on ${act.url}: ${String(acted.done.length)} of ${String(act.actions.length)} actions ran (${act.described.filter((d) => !acted.done.includes(d)).join('; ')} did not)`,
      };
      await readCapture({ ...deps, source: acted });
      return;
    }
    state.instructionDone += act.consumed ?? act.actions.length;
  }
  const read = await readCapture({ ...deps, source: acted });
  const finished =
    act.purpose === 'task-form' ||
    (act.purpose === 'instruction' &&
      state.instructionDone >= (deps.plan.instruction?.length ?? 0) &&
      state.taskEnded === undefined);
  if (finished) {
    const outcome = taskOutcomeOf({
      url: act.url,
      planned: act.actions.length,
      ran: acted.done.length,
      messages: acted.messages,
      shownBefore,
    });
    if (outcome.kind === 'failed') {
      state.taskEnded = { outcome: 'failed', reason: `${acted.url} answered: "${outcome.text}"` };
      return;
    }
    if (outcome.kind === 'unconfirmed') {
      state.taskEnded = {
        outcome: 'unconfirmed',
        reason:
          act.purpose === 'instruction'
            ? `every step of the instruction ran on ${acted.url} (${acted.done.join('; ')}), but the page showed no message confirming the result`
            : outcome.reason,
      };
      return;
    }
    // the confirmation is cited where the page shows it (its text, or what its heading heads),
    // or the task is not reported done
    const said = outcome.text;
    const chunk =
      read?.chunks.find((c) => c.text.includes(said) || (c.text.length > 2 && said.includes(c.text))) ??
      read?.chunks.find((c) =>
        c.headingPath.some((h) => h.includes(said) || (h.length > 2 && said.includes(h))),
      );
    if (chunk)
      state.taskDone = {
        text: chunk.text.includes(said) ? said : chunk.text,
        source: { ...sourceOf(chunk), snippet: chunk.text },
      };
    else
      state.taskEnded = {
        outcome: 'unconfirmed',
        reason: `${acted.url} said "${outcome.text}", but not in the page's readable text`,
      };
  }
}

/**
 * A task's form is acted on only on the task's site: the one the user named, or, when none was
 * named, the one the user confirms now (asked before anything is typed there).
 */
async function mayActOn(input: { acts: Activities; state: RunState; url: string }): Promise<boolean> {
  const { acts, state, url } = input;
  if (state.taskSite !== undefined) return isOnSite(url, state.taskSite);
  const answers = await acts.askUser({
    reason: `the request names no site; the run found a form on ${url}`,
    url,
    questions: [confirmSiteQuestion(url)],
    details: [],
  });
  const said = answers?.get(CONFIRM_SITE_KEY);
  return settleSiteConfirmation({ state, url, answer: typeof said === 'string' ? said : undefined });
}
