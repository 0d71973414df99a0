import type { Activities } from '../activities.js';
import { detailOf, questionFor, type Detail, type DetailValue } from '../memory/details.js';
import type { RunState } from './run-state.js';
import type { Plan } from '../plan/plan.js';
import { pageActsFor, taskOfRun } from './visit.js';

/**
 * MemAgent's task memory: the details a task's form needs and the request lacks are taken from the
 * memory bank first; only what memory does not hold is asked, once per run (needs_input). The
 * form is then planned again with them. Whatever is still missing afterwards ends the task
 * unfinished with the fields named, never guessed.
 */
export async function fillMissingDetails(input: {
  acts: Activities;
  state: RunState;
  plan: Plan;
}): Promise<void> {
  const { acts, state, plan } = input;
  state.askedUser = true;
  const byKey = new Map<string, Detail>();
  for (const field of state.taskMissingFields) {
    const detail = detailOf(field.label || field.name, field.kind);
    if (!byKey.has(detail.key)) byKey.set(detail.key, detail);
  }
  const details = [...byKey.values()];
  const found = new Map<string, DetailValue>(await acts.recall(details.map((d) => d.key)));
  const toAsk = details.filter((d) => !found.has(d.key));
  if (found.size > 0)
    await acts.report({
      step: 'plan',
      status: 'succeeded',
      detail: `memory: ${[...found.keys()].join(', ')} recalled`,
      durationMs: 0,
    });
  if (toAsk.length > 0) {
    const answers = await acts.askUser({
      reason: `the form on ${state.taskPage?.url ?? 'the page'} needs details the request does not give`,
      ...(state.taskPage ? { url: state.taskPage.url } : {}),
      questions: toAsk.map(questionFor),
      details: toAsk,
    });
    for (const [key, value] of answers ?? []) found.set(key, value);
  }
  for (const field of state.taskMissingFields) {
    const value = found.get(detailOf(field.label || field.name, field.kind).key);
    if (value !== undefined && (typeof value !== 'string' || value.trim() !== ''))
      state.extraFields.push({ label: field.label || field.name, value });
  }
  const page = state.taskPage;
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
