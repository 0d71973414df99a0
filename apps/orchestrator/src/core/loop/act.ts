import { actKey, type PageActPlan } from './navigator.js';
import { normalizeUrl } from '../explore/site-frontier.js';
import { readCapture, sourceOf, type LoopDeps } from './visit.js';

export /** ACT: perform the planned actions in the run's browser session, then read the page they left. */
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
