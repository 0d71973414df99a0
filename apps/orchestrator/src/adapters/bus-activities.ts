import {
  answerQuestion,
  executeAction,
  extractPage,
  runStep,
  searchQuery,
  understandPage,
  verifyRun,
  type CommandContract,
  type CommandReply,
  type CommandRequestInput,
  type PageAction,
  type ProfileRef,
} from '@forage/contracts';
import type { EvidenceStore } from '@forage/evidence';
import type { Bus } from '@forage/messaging';
import type { Activities, ActedPage } from '../core/activities.js';
import type { OrchestratorConfig } from '../config.js';
import { ActionFailedError } from '../errors.js';
import { ActKeys } from '../core/act-keys.js';
import { RunChunkSets } from './chunk-sets.js';
import { SessionPage } from './session-page.js';
import { whenAvailable } from './patient-request.js';

/** The longest step description run.step.v1 carries. */
const STEP_DETAIL_MAX = runStep.payload.shape.detail.maxLength ?? 2000;

/** The research activities as requests to the other services over the bus. */
export function createBusActivities(input: {
  bus: Bus;
  evidence: EvidenceStore;
  config: OrchestratorConfig;
  runId: string;
  attempt: number;
  /** The browser profile the run's session opens from (the run's own, from its run.start). */
  profile?: ProfileRef;
}): Omit<Activities, 'recall' | 'askUser' | 'cancelled' | 'now' | 'checkpoint'> {
  const { bus, config, runId, attempt } = input;
  let seq = 0;
  const actKeys = new ActKeys(runId);
  const request = <C extends CommandContract>(
    contract: C,
    body: CommandRequestInput<C>,
    timeoutMs?: number,
  ): Promise<CommandReply<C>> =>
    whenAvailable({
      request: () => bus.request(contract, body, timeoutMs ? { timeoutMs } : {}),
      waitMs: config.ORCH_NO_RESPONDERS_WAIT_MS,
    });
  // One browser session per run, the same in every attempt, and action keys that name the step's
  // content rather than the attempt: a run resumed after the orchestrator died redoes the step it
  // was in with the same keys, so an action that already ran is replayed (its recorded reply),
  // never performed again — a form is not sent twice. Sessions close when the run ends.
  const sessionId = `${runId}:actions`;
  const chunkSets = new RunChunkSets(input.evidence);
  // the navigation of an act gets the budget the first visit had: a heavy page renders as slowly again
  const gotoTimeoutMs = Math.min(60_000, config.ORCH_EXTRACT_TIMEOUT_MS);
  // every action names the run's profile: whichever opens the session (the first, or one after the
  // session expired or its page crashed) opens it from the profile; action-execution loads it
  const profile = input.profile ? { profile: input.profile } : {};
  const act = (idempotencyKey: string, action: PageAction): Promise<CommandReply<typeof executeAction>> => {
    const timeoutMs = action.type === 'goto' ? gotoTimeoutMs : 10_000;
    return request(
      executeAction,
      { runId, sessionId, idempotencyKey, action, timeoutMs, ...profile },
      timeoutMs + 20_000,
    );
  };
  // where the run's browser session is: an act on that page works on it as it is now (a disclosure
  // opened, an overlay dismissed), and the page is opened again only when the session is elsewhere
  const session = new SessionPage();
  return {
    search: (query) => request(searchQuery, { runId, query, limit: config.ORCH_SEARCH_LIMIT }),
    extract: (url) =>
      request(
        extractPage,
        { runId, url, screenshot: true, timeoutMs: config.ORCH_EXTRACT_TIMEOUT_MS },
        // the request's timeout bounds navigation; settling and capture may add up to ~20 s more
        config.ORCH_EXTRACT_TIMEOUT_MS + 25_000,
      ),
    understand: async (page) => {
      const { chunkSet, ...understood } = await request(understandPage, {
        runId,
        url: page.url,
        domSnapshot: page.domSnapshot,
      });
      return { ...understood, chunks: await chunkSets.load(page.domSnapshot, chunkSet) };
    },
    pageHtml: (ref) => input.evidence.getText(ref),
    act: async ({ url, actions, described }): Promise<ActedPage> => {
      const keyOf = actKeys.forStep(url, actions);
      const recordIds: string[] = [];
      let last: CommandReply<typeof executeAction> | undefined;
      if (!session.isOn(url)) {
        const opened = await act(keyOf(0), { type: 'goto', url });
        recordIds.push(opened.logRecordId);
        session.moved(opened, { type: 'goto' });
        if (opened.status !== 'done') throw new ActionFailedError(`could not open ${url}: ${opened.detail}`);
        last = opened;
      }
      const done: string[] = [];
      const messages: { kind: string; text: string }[] = [];
      for (const [i, action] of actions.entries()) {
        const reply = await act(keyOf(i + 1), action);
        recordIds.push(reply.logRecordId);
        session.moved(reply, action);
        messages.push(...(reply.messages ?? []));
        if (reply.status === 'done') {
          last = reply;
          done.push(described[i] ?? action.type);
        }
      }
      const after = last?.evidence.after;
      if (!last || done.length === 0 || !after)
        throw new ActionFailedError(`no action could be performed on ${url}`);
      return { url: last.url, domSnapshot: after, logRecordId: last.logRecordId, recordIds, done, messages };
    },
    answer: async (question, chunks) =>
      request(answerQuestion, {
        runId,
        question,
        chunkSets: await chunkSets.selectionsOf(chunks),
        minConfidence: config.ORCH_MIN_CONFIDENCE,
      }),
    verify: (claims, expectedRecordIds) =>
      request(
        verifyRun,
        {
          runId,
          claims: [...claims],
          expectedRecordIds: [...expectedRecordIds],
          minConfidence: config.ORCH_MIN_CONFIDENCE,
        },
        60_000,
      ),
    report: async (step) => {
      const n = seq++;
      await bus.publishDurable(
        runStep,
        {
          runId,
          seq: attempt * 10_000 + n,
          at: new Date().toISOString(),
          ...step,
          // a step's description (a decision listing many actions, an error's message) is shown, not parsed: it is cut to fit
          detail:
            step.detail.length > STEP_DETAIL_MAX
              ? `${step.detail.slice(0, STEP_DETAIL_MAX - 1)}…`
              : step.detail,
        },
        { msgId: `${runId}:${String(attempt)}:step:${String(n)}` },
      );
    },
  };
}
