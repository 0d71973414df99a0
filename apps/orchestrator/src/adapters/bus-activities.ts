import {
  answerQuestion,
  executeAction,
  type CommandReply,
  type PageAction,
  extractPage,
  runStep,
  searchQuery,
  understandPage,
  verifyRun,
} from '@forage/contracts';
import type { Bus } from '@forage/messaging';
import type { Activities } from '../core/activities.js';
import type { OrchestratorConfig } from '../config.js';
import { ActionFailedError } from '../errors.js';

/** The research activities as requests to the other services over the bus. */
export function createBusActivities(input: {
  bus: Bus;
  config: OrchestratorConfig;
  runId: string;
  attempt: number;
}): Activities {
  const { bus, config, runId, attempt } = input;
  let seq = 0;
  return {
    search: (query) => bus.request(searchQuery, { runId, query, limit: config.ORCH_SEARCH_LIMIT }),
    extract: (url) =>
      bus.request(
        extractPage,
        { runId, url, screenshot: true, timeoutMs: config.ORCH_EXTRACT_TIMEOUT_MS },
        // the request's timeout bounds navigation; settling and capture may add up to ~20 s more
        { timeoutMs: config.ORCH_EXTRACT_TIMEOUT_MS + 25_000 },
      ),
    understand: (page) =>
      bus.request(understandPage, { runId, url: page.url, domSnapshot: page.domSnapshot }),
    expand: async ({ url, controls, pageIndex }) => {
      // one browser session per page of the run; keys include the attempt so a resumed run acts afresh
      const sessionId = `${runId}:${attempt}:${pageIndex}`;
      const act = (n: number, action: PageAction): Promise<CommandReply<typeof executeAction>> =>
        bus.request(
          executeAction,
          { runId, sessionId, idempotencyKey: `${sessionId}:${n}`, action, timeoutMs: 10_000 },
          { timeoutMs: 30_000 },
        );
      const recordIds: string[] = [];
      const opened = await act(0, { type: 'goto', url });
      recordIds.push(opened.logRecordId);
      if (opened.status !== 'done') throw new ActionFailedError(`could not open ${url}: ${opened.detail}`);
      let last = opened;
      const clicked: string[] = [];
      for (const [i, control] of controls.entries()) {
        const reply = await act(i + 1, { type: 'click', locator: control.locator });
        recordIds.push(reply.logRecordId);
        if (reply.status === 'done') {
          last = reply;
          clicked.push(control.name);
        }
      }
      const after = last.evidence.after;
      if (clicked.length === 0 || !after)
        throw new ActionFailedError(`no control could be clicked on ${url}`);
      return { url: last.url, domSnapshot: after, logRecordId: last.logRecordId, recordIds, clicked };
    },
    answer: (question, chunks) =>
      bus.request(answerQuestion, {
        runId,
        question,
        chunks: [...chunks],
        minConfidence: config.ORCH_MIN_CONFIDENCE,
      }),
    verify: (claims, expectedRecordIds) =>
      bus.request(
        verifyRun,
        {
          runId,
          claims: [...claims],
          expectedRecordIds: [...expectedRecordIds],
          minConfidence: config.ORCH_MIN_CONFIDENCE,
        },
        { timeoutMs: 60_000 },
      ),
    report: async (step) => {
      const n = seq++;
      await bus.publishDurable(
        runStep,
        { runId, seq: attempt * 10_000 + n, at: new Date().toISOString(), ...step },
        { msgId: `${runId}:${attempt}:step:${n}` },
      );
    },
    now: () => performance.now(),
  };
}
