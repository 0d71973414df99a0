import type { InputQuestion } from '@forage/contracts';
import type { Activities } from '../activities.js';
import { detailOf, questionFor, type Detail, type DetailValue } from '../memory/details.js';
import type { RunState } from './run-state.js';
import type { Plan } from '../plan/plan.js';
import { confirmSiteQuestion, settleSiteConfirmation } from './confirm-site.js';
import { CONFIRM_SITE_KEY, originOf } from './task-site.js';
import { pageActsFor, taskOfRun } from './visit.js';

/**
 * MemAgent's task memory: the details a task's form needs and the request lacks are taken from the
 * memory bank first, but only those given for the form's own site; a detail held for another
 * site is asked again (it is never used there unasked, and a secret never typed there). Only what
 * memory does not hold for the site is asked, once per run (needs_input). A task that named no
 * site asks in the same question whether the site it found is the one. The form is then planned
 * again with the answers; whatever is still missing ends the task unfinished, never guessed.
 */
export async function fillMissingDetails(input: {
  acts: Activities;
  state: RunState;
  plan: Plan;
}): Promise<void> {
  const { acts, state, plan } = input;
  state.askedUser = true;
  const page = state.taskPage;
  const origin = page ? originOf(page.url) : undefined;
  const byKey = new Map<string, Detail>();
  for (const field of state.taskMissingFields) {
    const detail = detailOf(field.label || field.name, field.kind);
    if (!byKey.has(detail.key)) byKey.set(detail.key, detail);
  }
  const details = [...byKey.values()];
  const recalled = await acts.recall(details.map((d) => d.key));
  const found = new Map<string, DetailValue>();
  const heldElsewhere = new Map<string, string>();
  for (const [key, r] of recalled) {
    if (origin !== undefined && r.origin === origin) found.set(key, r.value);
    else heldElsewhere.set(key, r.origin ?? 'no named site');
  }
  await reportMemory({ acts, found, heldElsewhere, origin });
  const toAsk = details.filter((d) => !found.has(d.key));
  const confirming = page !== undefined && state.taskSite === undefined;
  if (toAsk.length > 0 || confirming) {
    const questions: InputQuestion[] = [
      ...(confirming ? [confirmSiteQuestion(page.url)] : []),
      ...toAsk.map((d) => askedAgain(d, heldElsewhere.get(d.key), origin)),
    ];
    const answers = await acts.askUser({
      reason: `the form on ${page?.url ?? 'the page'} needs details the request does not give`,
      ...(page ? { url: page.url } : {}),
      ...(origin ? { origin } : {}),
      questions,
      details: toAsk,
    });
    if (confirming) {
      const said = answers?.get(CONFIRM_SITE_KEY);
      if (
        !settleSiteConfirmation({ state, url: page.url, answer: typeof said === 'string' ? said : undefined })
      )
        return;
    }
    for (const [key, value] of answers ?? []) if (key !== CONFIRM_SITE_KEY) found.set(key, value);
  }
  for (const field of state.taskMissingFields) {
    const value = found.get(detailOf(field.label || field.name, field.kind).key);
    if (value !== undefined && (typeof value !== 'string' || value.trim() !== ''))
      state.extraFields.push({ label: field.label || field.name, value });
  }
  const task = taskOfRun(plan, state);
  if (!page || !task) return;
  const acts2 = pageActsFor({
    plan,
    task,
    structure: page.structure,
    url: page.url,
    stateKey: page.stateKey,
  });
  const form = acts2.find((a) => a.purpose === 'task-form');
  // planned again: a form that now submits is acted on; one still missing details ends the task
  const stillMissing = form ? !form.described.some((d) => d.startsWith('submit ')) : true;
  if (!stillMissing) {
    state.taskMissing = [];
    state.taskMissingFields = [];
  }
  state.pageActs = acts2;
}

/** A detail memory holds for another site is asked with that said, so the user knows why. */
function askedAgain(detail: Detail, heldFor: string | undefined, origin: string | undefined): InputQuestion {
  const question = questionFor(detail);
  if (heldFor === undefined) return question;
  const note = ` (memory holds one given for ${heldFor}; it is used on ${origin ?? 'this site'} only if you give it here)`;
  return { ...question, prompt: `${question.prompt}${note}`.slice(0, 500) };
}

async function reportMemory(input: {
  acts: Activities;
  found: ReadonlyMap<string, DetailValue>;
  heldElsewhere: ReadonlyMap<string, string>;
  origin: string | undefined;
}): Promise<void> {
  const { acts, found, heldElsewhere, origin } = input;
  const said: string[] = [];
  if (found.size > 0) said.push(`${[...found.keys()].join(', ')} recalled`);
  if (heldElsewhere.size > 0)
    said.push(
      `${[...heldElsewhere.keys()].join(', ')} held for another site, not used on ${origin ?? 'this site'} without asking`,
    );
  if (said.length > 0)
    await acts.report({
      step: 'plan',
      status: 'succeeded',
      detail: `memory: ${said.join('; ')}`,
      durationMs: 0,
    });
}
